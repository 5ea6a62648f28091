import { ImportOutlined } from '@ant-design/icons';
import { DATA_NODE, mapParamRows, PARAM_NAME_PATTERN, type ParamRow, walkParams } from '@quire/api-model';
import type { Environment } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastError, toastSuccess } from '../../../lib/feedback.ts';
import { ParamGrid, type RowsUpdater } from '../../docs/components/param-grid.tsx';
import type { ParamImport } from '../../docs/components/param-import-modal.tsx';
import { environmentGlobalsQuery, useSaveEnvironmentGlobals } from '../environment-globals.api.ts';

const ParamImportModal = lazy(() =>
  import('../../docs/components/param-import-modal.tsx').then((m) => ({ default: m.ParamImportModal })),
);

type Table = 'globalHeaders' | 'globalParams' | 'globalReturns';
type Draft = Record<Table, ParamRow[]>;

const TABLES: ReadonlyArray<{ table: Table; label: 'headers' | 'params' | 'returns' }> = [
  { table: 'globalHeaders', label: 'headers' },
  { table: 'globalParams', label: 'params' },
  { table: 'globalReturns', label: 'returns' },
];

/** The rows of a tree as "a.b.c" paths, for the data-node choice. */
function rowPaths(rows: ReadonlyArray<ParamRow>): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  const names = new Map<string, string>();
  walkParams(rows, (row, _depth, parent) => {
    const name = parent ? `${names.get(parent.id) ?? ''}.${row.name}` : row.name;
    names.set(row.id, name);
    out.push({ value: row.id, label: name || '—' });
  });
  return out;
}

function dataNodeOf(rows: ReadonlyArray<ParamRow>): string {
  let id = '';
  walkParams(rows, (row) => {
    if (!id && row.example === DATA_NODE) id = row.id;
  });
  return id;
}

/** The first bad or missing name of the three tables, if any, as "table: path". */
function firstBadName(draft: Draft, label: (table: Table) => string): string | undefined {
  for (const { table } of TABLES) {
    let bad: string | undefined;
    walkParams(draft[table], (row, _depth, _parent, path) => {
      if (!bad && !PARAM_NAME_PATTERN.test(row.name))
        bad = `${label(table)}: ${path().join('.') || row.name}`;
    });
    if (bad) return bad;
  }
  return undefined;
}

/** The three tables of one environment, editable as param trees, saved together. */
function GlobalsEditor({
  environmentId,
  canWrite,
  onDirtyChange,
}: {
  environmentId: string;
  canWrite: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const globals = useQuery(environmentGlobalsQuery(environmentId));
  const save = useSaveEnvironmentGlobals();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [isDirty, setIsDirty] = useState(false);
  const [importInto, setImportInto] = useState<Table | null>(null);

  // The draft starts from the server's tables, and again after a save or a discard.
  useEffect(() => {
    if (globals.data && !isDirty) {
      setDraft({
        globalHeaders: globals.data.globalHeaders,
        globalParams: globals.data.globalParams,
        globalReturns: globals.data.globalReturns,
      });
    }
  }, [globals.data, isDirty]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const updaters = useMemo(() => {
    const make =
      (table: Table): RowsUpdater =>
      (update) => {
        setDraft((current) => (current ? { ...current, [table]: update(current[table]) } : current));
        setIsDirty(true);
      };
    return {
      globalHeaders: make('globalHeaders'),
      globalParams: make('globalParams'),
      globalReturns: make('globalReturns'),
    };
  }, []);

  if (globals.isError) return <ErrorState onRetry={() => void globals.refetch()} />;
  if (!draft) return <Skeleton active paragraph={{ rows: 4 }} />;

  const tableLabel = (table: Table) =>
    t(`globals.${TABLES.find((entry) => entry.table === table)?.label ?? 'headers'}`);

  const submit = () => {
    const bad = firstBadName(draft, tableLabel);
    if (bad) {
      toastError(`${t('validation.error_content')} (${bad})`);
      return;
    }
    save.mutate(
      { environmentId, ...draft },
      {
        onSuccess: (saved) => {
          setDraft({
            globalHeaders: saved.globalHeaders,
            globalParams: saved.globalParams,
            globalReturns: saved.globalReturns,
          });
          setIsDirty(false);
          toastSuccess(t('globals.saved'));
        },
      },
    );
  };

  const setDataNode = (table: Table, id: string) =>
    updaters[table]((rows) =>
      mapParamRows(rows, (row) => {
        if (row.id === id) return { ...row, example: DATA_NODE };
        return row.example === DATA_NODE ? { ...row, example: '' } : row;
      }),
    );

  const onImport = (table: Table, result: ParamImport) =>
    updaters[table]((rows) => (result.replace ? result.params : [...rows, ...result.params]));

  const tab = ({ table, label }: (typeof TABLES)[number]) => ({
    key: table,
    label: `${t(`globals.${label}`)} (${draft[table].length})`,
    children: (
      <div>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t(`globals.${label}Hint`)}
          {table === 'globalHeaders' ? null : ` ${t('globals.dataNodeHint')}`}
        </Typography.Paragraph>
        <Space wrap style={{ marginBottom: 8 }}>
          {canWrite ? (
            <Button size="small" icon={<ImportOutlined />} onClick={() => setImportInto(table)}>
              {t('paramImport.button')}
            </Button>
          ) : null}
          {table === 'globalHeaders' ? null : (
            <Space size={6}>
              <span id={`data-node-${table}`}>{t('globals.dataNodeOf')}</span>
              <Select
                size="small"
                aria-labelledby={`data-node-${table}`}
                value={dataNodeOf(draft[table])}
                disabled={!canWrite}
                style={{ minWidth: 180 }}
                options={[{ value: '', label: t('globals.dataNodeNone') }, ...rowPaths(draft[table])]}
                onChange={(id: string) => setDataNode(table, id)}
              />
            </Space>
          )}
        </Space>
        <ParamGrid
          rows={draft[table]}
          kind={table === 'globalHeaders' ? 'simple' : 'full'}
          readOnly={!canWrite}
          onEdit={updaters[table]}
          label={t(`globals.${label}`)}
        />
      </div>
    ),
  });

  return (
    <>
      <Tabs items={TABLES.map(tab)} destroyOnHidden />
      {canWrite ? (
        <Space style={{ marginTop: 16 }} wrap>
          <Button type="primary" loading={save.isPending} disabled={!isDirty} onClick={submit}>
            {t('globals.save')}
          </Button>
          <Button disabled={!isDirty || save.isPending} onClick={() => setIsDirty(false)}>
            {t('globals.reset')}
          </Button>
          {isDirty ? <Tag color="warning">{t('globals.unsaved')}</Tag> : null}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('globals.readOnly')}
        </Typography.Paragraph>
      )}
      <Suspense fallback={null}>
        {importInto ? (
          <ParamImportModal
            open
            table={importInto}
            onClose={() => setImportInto(null)}
            onImport={(result) => onImport(importInto, result)}
          />
        ) : null}
      </Suspense>
    </>
  );
}

/**
 * Global headers, params and returns per environment, on the application's environment settings: docs whose
 * "Use global …" switches are on show them (readers use the first environment's). Switching environments
 * with unsaved changes asks first.
 */
export function EnvironmentGlobalsPanel({
  environments,
  canWrite,
}: {
  environments: ReadonlyArray<Environment>;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [picked, setPicked] = useState<string>('');
  const [isDirty, setIsDirty] = useState(false);
  const environmentId = environments.some((env) => env.id === picked) ? picked : (environments[0]?.id ?? '');

  const pick = (id: string) => {
    if (!isDirty) {
      setPicked(id);
      return;
    }
    modal.confirm({
      title: t('doc.leaveTitle'),
      content: t('globals.leaveText'),
      okText: t('doc.leave'),
      okButtonProps: { danger: true },
      cancelText: t('doc.stay'),
      onOk: () => {
        setIsDirty(false);
        setPicked(id);
      },
    });
  };

  return (
    <section aria-label={t('globals.title')}>
      <Card
        title={t('globals.title')}
        style={{ marginTop: 24 }}
        extra={
          environments.length ? (
            <Space size={6}>
              <span id="globals-environment">{t('globals.environment')}</span>
              <Select
                aria-labelledby="globals-environment"
                value={environmentId}
                style={{ minWidth: 160 }}
                options={environments.map((env) => ({ value: env.id, label: env.name }))}
                onChange={pick}
              />
            </Space>
          ) : null
        }
      >
        <Typography.Paragraph type="secondary">{t('globals.intro')}</Typography.Paragraph>
        {environmentId ? (
          <GlobalsEditor
            key={environmentId}
            environmentId={environmentId}
            canWrite={canWrite}
            onDirtyChange={setIsDirty}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('globals.noEnvironments')} />
        )}
      </Card>
    </section>
  );
}
