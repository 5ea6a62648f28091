import { AppstoreOutlined, ReadOutlined, TableOutlined } from '@ant-design/icons';
import { ViewNodeType } from '@quire/shared';
import { Card, Empty, Result, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../components/button-link.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { MethodTag } from '../features/view/components/method-tag.tsx';
import { useViewContext } from '../features/view/view-context.ts';
import { readCardMode, writeCardMode } from '../features/view/view-prefs.ts';
import { allItems, type TreeItem } from '../features/view/view-tree.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

// The landing shows the first docs at a glance; the tree and search reach the rest.
const SHOWN = 60;

/**
 * `/view`: the reader's landing. With docs to read, the current project's (or space's) docs as cards or as a
 * grid (remembered), each opening its page; with none, it says so and where to go.
 */
export function ViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { nav } = useViewContext();
  const [cards, setCards] = useState(readCardMode);
  useDocumentTitle(t('view.title'));
  const docs = useMemo(
    () => allItems(nav.roots).filter((item) => item.type === ViewNodeType.doc),
    [nav.roots],
  );

  if (nav.projects.data && nav.projects.data.length === 0) {
    return (
      <Result
        icon={<ReadOutlined style={{ color: '#2f54eb' }} />}
        title={<ResultTitle>{t('view.emptyTitle')}</ResultTitle>}
        subTitle={t('view.emptyText')}
        extra={<ButtonLink to="/dashboard">{t('layout.managementModel')}</ButtonLink>}
      />
    );
  }
  const folderOf = (item: TreeItem) => item.parent?.label ?? '';
  const open = (item: TreeItem) => void navigate(`/view/${item.id}`);
  const shown = docs.slice(0, SHOWN);

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <div style={{ flex: 1, minWidth: 240 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
            {t('reader.welcomeTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('reader.welcomeText')}</Typography.Text>
        </div>
        <Segmented
          aria-label={t('reader.layoutMode')}
          value={cards ? 'card' : 'grid'}
          onChange={(value) => {
            setCards(value === 'card');
            writeCardMode(value === 'card');
          }}
          options={[
            { value: 'card', label: t('reader.cardMode'), icon: <AppstoreOutlined /> },
            { value: 'grid', label: t('reader.gridMode'), icon: <TableOutlined /> },
          ]}
        />
      </div>
      {nav.projectName ? (
        <Typography.Title level={2} style={{ fontSize: 15, margin: '0 0 12px' }}>
          {t('reader.docsOf', {
            0:
              nav.dimension === 1
                ? (nav.projects.data?.find((s) => s.id === nav.spaceId)?.name ?? '')
                : nav.projectName,
          })}
        </Typography.Title>
      ) : null}
      {docs.length === 0 ? (
        <Empty description={nav.tree.isPending ? t('reader.loadingTree') : t('reader.noDocs')} />
      ) : cards ? (
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 12 }}
        >
          {shown.map((item) => (
            <Card
              key={item.id}
              size="small"
              hoverable
              onClick={() => open(item)}
              role="link"
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter') open(item);
              }}
            >
              <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 4 }}>
                <MethodTag method={item.httpMethod} small />
                <Typography.Text strong ellipsis delete={item.deprecated !== '$false$'}>
                  {item.label}
                </Typography.Text>
              </div>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }}>
                {item.url || folderOf(item)}
              </Typography.Text>
            </Card>
          ))}
        </div>
      ) : (
        <Table<TreeItem>
          size="small"
          rowKey="id"
          dataSource={shown}
          pagination={false}
          onRow={(item) => ({ onClick: () => open(item), style: { cursor: 'pointer' } })}
          columns={[
            {
              title: t('doc.method'),
              key: 'method',
              width: 90,
              render: (_, item) => <MethodTag method={item.httpMethod} small />,
            },
            { title: t('doc.name'), dataIndex: 'label' },
            { title: t('doc.url'), dataIndex: 'url' },
            { title: t('doc.folder'), key: 'folder', render: (_, item) => folderOf(item) },
          ]}
        />
      )}
    </>
  );
}
