import { AppstoreOutlined, ReadOutlined, TableOutlined } from '@ant-design/icons';
import { ViewNodeType } from '@quire/shared';
import { Empty, Result, Segmented, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { DocCards } from '../features/view/components/doc-cards.tsx';
import { ReleaseBanner, useReleaseNo } from '../features/view/components/release-banner.tsx';
import { useViewContext } from '../features/view/view-context.ts';
import { readCardMode, writeCardMode } from '../features/view/view-prefs.ts';
import { allItems } from '../features/view/view-tree.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

// antd's Table is only needed once the grid is chosen; the cards are the default.
const DocGrid = lazy(() =>
  import('../features/view/components/doc-grid.tsx').then((m) => ({ default: m.DocGrid })),
);

// The landing shows the first docs at a glance; the tree and search reach the rest.
const SHOWN = 60;

/**
 * `/view`: the reader's landing. With docs to read, the current project's (or space's, or the open release's)
 * docs as cards or as a grid (remembered), each opening its page; with none, it says so and where to go.
 */
export function ViewPage() {
  const { t } = useTranslation();
  const { nav } = useViewContext();
  const releaseNo = useReleaseNo(nav.projectId, nav.releaseId);
  const [cards, setCards] = useState(readCardMode);
  useDocumentTitle(t('view.title'));
  // The docs follow the tree in a later render: the sidebar's tree, what the reader came for, paints first.
  const roots = useDeferredValue(nav.roots);
  const docs = useMemo(
    () =>
      allItems(roots)
        .filter((item) => item.type === ViewNodeType.doc)
        .slice(0, SHOWN),
    [roots],
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
  const loading = nav.tree.isPending || roots !== nav.roots;

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
      {nav.releaseId ? <ReleaseBanner releaseNo={releaseNo} /> : null}
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
        <Empty description={loading ? t('reader.loadingTree') : t('reader.noDocs')} />
      ) : cards ? (
        <DocCards docs={docs} />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <DocGrid docs={docs} />
        </Suspense>
      )}
    </>
  );
}
