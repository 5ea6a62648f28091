import type { ParamRow } from '@quire/api-model';
import type { EnumWithItems } from '@quire/shared';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../docs/safe-html.ts';

/** A param row as the table shows it: children left out when there are none (no empty expander). */
interface ViewRow {
  key: string;
  row: ParamRow;
  children?: ViewRow[];
}

// Past this many rows the table draws only what is on screen.
const VIRTUAL_FROM = 150;

function toRows(rows: ReadonlyArray<ParamRow>, prefix: string): ViewRow[] {
  return rows.map((row, index) => {
    const key = row.id || `${prefix}${index}`;
    return row.children.length ? { key, row, children: toRows(row.children, `${key}.`) } : { key, row };
  });
}

function parentKeys(rows: ReadonlyArray<ViewRow>): string[] {
  const out: string[] = [];
  const walk = (list: ReadonlyArray<ViewRow>) => {
    for (const r of list) {
      if (r.children) {
        out.push(r.key);
        walk(r.children);
      }
    }
  };
  walk(rows);
  return out;
}

function Html({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify
  return <span className="q-param-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Items of the dictionary a row links to, inline under its description. */
function DictionaryItems({ dict }: { dict: EnumWithItems }) {
  return (
    <div style={{ marginTop: 4 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {dict.name}:
      </Typography.Text>{' '}
      {dict.items.map((item) => (
        <Tag key={item.id} style={{ marginBottom: 2 }}>
          {item.value || item.name}
          {item.description ? ` ${item.description}` : ''}
        </Tag>
      ))}
    </div>
  );
}

/**
 * A param table of the doc page as an expandable tree, every level open at first (as Torna shows it), with
 * expand/collapse all. Large tables render virtually.
 */
export function ParamViewTable({
  params,
  enums,
  simple = false,
  label,
}: {
  params: ReadonlyArray<ParamRow>;
  enums: ReadonlyArray<EnumWithItems>;
  /** Headers and path params: no type/length columns. */
  simple?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => toRows(params, ''), [params]);
  const allKeys = useMemo(() => parentKeys(data), [data]);
  const [expanded, setExpanded] = useState<readonly Key[]>(allKeys);
  const dictById = useMemo(() => new Map(enums.map((e) => [e.id, e])), [enums]);
  const size = useMemo(() => {
    let n = 0;
    const walk = (rows: ReadonlyArray<ParamRow>) => {
      for (const r of rows) {
        n++;
        walk(r.children);
      }
    };
    walk(params);
    return n;
  }, [params]);

  // Memoized: a new columns array makes the table re-derive every row's cells.
  const columns = useMemo<ColumnsType<ViewRow>>(
    () => [
      {
        title: t('doc.col.name'),
        key: 'name',
        width: 240,
        render: (_, { row }) => <Typography.Text code>{row.name}</Typography.Text>,
      },
      ...(simple
        ? []
        : [
            {
              title: t('doc.col.type'),
              key: 'type',
              width: 110,
              render: (_: unknown, { row }: ViewRow) => row.type,
            },
          ]),
      {
        title: t('doc.col.required'),
        key: 'required',
        width: 80,
        render: (_, { row }) =>
          row.required ? (
            <Tag color="red">{t('reader.requiredYes')}</Tag>
          ) : (
            <Tag>{t('reader.requiredNo')}</Tag>
          ),
      },
      ...(simple
        ? []
        : [
            {
              title: t('doc.col.maxLength'),
              key: 'maxLength',
              width: 90,
              render: (_: unknown, { row }: ViewRow) => row.maxLength,
            },
          ]),
      {
        title: t('doc.col.description'),
        key: 'description',
        render: (_, { row }) => {
          const dict = row.enumId ? dictById.get(row.enumId) : undefined;
          return (
            <>
              <Html html={row.description} />
              {row.enumContent ? (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.enumContent}
                  </Typography.Text>
                </div>
              ) : null}
              {dict ? <DictionaryItems dict={dict} /> : null}
            </>
          );
        },
      },
      {
        title: t('doc.col.example'),
        key: 'example',
        width: 160,
        render: (_, { row }) => <span style={{ wordBreak: 'break-all' }}>{row.example}</span>,
      },
    ],
    [t, simple, dictById],
  );

  if (params.length === 0) return <Typography.Text type="secondary">{t('reader.none')}</Typography.Text>;
  const virtual = size > VIRTUAL_FROM;
  return (
    <>
      {allKeys.length > 0 ? (
        <Space size="small" style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => setExpanded(allKeys)}>
            {t('reader.expandRows')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('reader.collapseRows')}
          </Button>
        </Space>
      ) : null}
      <Table<ViewRow>
        aria-label={label}
        size="small"
        bordered
        columns={columns}
        dataSource={data}
        pagination={false}
        virtual={virtual}
        scroll={virtual ? { y: 600, x: 900 } : { x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
      />
    </>
  );
}
