import { SearchOutlined } from '@ant-design/icons';
import { Alert, Cascader, Empty, Input, Radio, Select, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releasesQuery } from '../../releases/releases.queries.ts';
import type { ViewNavigator } from '../use-view-navigator.ts';
import type { TreeItem } from '../view-tree.ts';
import { ViewTree } from './view-tree.tsx';

/**
 * The reader's sidebar: space or project dimension, the space select or the space → project cascader (and,
 * by project, the release selector), expand/collapse all, the filter box and the tree.
 */
export function ViewSidebar({
  nav,
  currentDocId,
  onOpen,
}: {
  nav: ViewNavigator;
  currentDocId: string | undefined;
  onOpen(item: TreeItem): void;
}) {
  const { t } = useTranslation();
  const spaces = nav.projects.data ?? [];

  // The tree shows as soon as it is here, even before the project list (it is fetched early, in parallel).
  let body: ReactNode = null;
  if (nav.roots.length > 0) {
    // the tree
  } else if (nav.projects.isPending || (nav.tree.isPending && nav.tree.fetchStatus !== 'idle')) {
    body = <Skeleton active title={false} paragraph={{ rows: 8 }} aria-label={t('reader.loadingTree')} />;
  } else if (nav.projects.isError || nav.tree.isError) {
    body = <Alert type="error" showIcon title={t('common.loadFailed')} />;
  } else if (spaces.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reader.noProjects')} />;
  } else {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reader.noDocs')} />;
  }

  return (
    <>
      <Radio.Group
        size="small"
        optionType="button"
        value={nav.dimension}
        onChange={(e) => nav.setDimension(e.target.value)}
        aria-label={t('reader.dimension')}
        options={[
          { value: 1, label: t('reader.dimensionSpace') },
          { value: 2, label: t('reader.dimensionProject') },
        ]}
      />
      {spaces.length > 0 ? (
        nav.dimension === 1 ? (
          <Select
            aria-label={t('reader.space')}
            value={nav.spaceId}
            placeholder={t('reader.pickSpace')}
            onChange={(id: string) => nav.choose(id, null)}
            options={spaces.map((s) => ({ value: s.id, label: s.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
          />
        ) : (
          <Cascader
            aria-label={t('reader.project')}
            allowClear={false}
            value={nav.spaceId && nav.projectId ? [nav.spaceId, nav.projectId] : []}
            placeholder={t('reader.pickProject')}
            onChange={(path) => nav.choose(String(path[0] ?? ''), String(path[1] ?? ''))}
            options={spaces.map((s) => ({
              value: s.id,
              label: s.name,
              children: s.projects.map((p) => ({ value: p.id, label: p.name })),
            }))}
            showSearch
            style={{ width: '100%' }}
          />
        )
      ) : null}
      {nav.dimension === 2 && nav.projectId ? <ReleaseSelect nav={nav} projectId={nav.projectId} /> : null}
      <Radio.Group
        size="small"
        value={nav.expandAll ? 'expand' : 'collapse'}
        onChange={(e) => nav.setExpandAll(e.target.value === 'expand')}
        aria-label={t('reader.treeState')}
        options={[
          { value: 'expand', label: t('reader.expand') },
          { value: 'collapse', label: t('reader.collapse') },
        ]}
      />
      {body ?? <FilteredTree nav={nav} currentDocId={currentDocId} onOpen={onOpen} />}
    </>
  );
}

/**
 * The release selector: the docs as they are now, or one of the project's releases (newest first), whose
 * frozen docs the tree, search and doc pages then show.
 */
function ReleaseSelect({ nav, projectId }: { nav: ViewNavigator; projectId: string }) {
  const { t } = useTranslation();
  const releases = useQuery(releasesQuery(projectId));
  const list = releases.data ?? [];
  if (list.length === 0 && !nav.releaseId) return null;
  return (
    <Select
      aria-label={t('reader.release')}
      value={nav.releaseId}
      onChange={(id: string) => nav.setReleaseId(id)}
      options={[
        { value: '', label: t('reader.releaseNow') },
        ...list.map((r) => ({
          value: r.id,
          label: r.status === 1 ? r.releaseNo : `${r.releaseNo} ${t('reader.releaseInvalid')}`,
        })),
      ]}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}

/**
 * The filter box and the tree. Its own component, so a keystroke re-renders only these two, not the selects
 * and radios above.
 */
function FilteredTree({
  nav,
  currentDocId,
  onOpen,
}: {
  nav: ViewNavigator;
  currentDocId: string | undefined;
  onOpen(item: TreeItem): void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  // Not deferred: the rows of 5,000 docs are computed in about a millisecond from precomputed lower-case keys
  // and only the rows in view render, so one render per keystroke answers sooner than an urgent render for the
  // input and a deferred one for the tree, which let a frame pass between the two.
  const needle = filter.trim();
  return (
    <>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('reader.filter')}
        aria-label={t('reader.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ViewTree
        roots={nav.roots}
        expanded={nav.expanded}
        filter={filter}
        currentDocId={currentDocId}
        onToggle={nav.toggle}
        onOpen={onOpen}
      />
      {needle && !hasMatch(nav.roots, needle) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reader.noMatch', { 0: needle })} />
      ) : null}
    </>
  );
}

function hasMatch(roots: ReadonlyArray<TreeItem>, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  const stack = [...roots];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.key.includes(needle)) return true;
    stack.push(...item.children);
  }
  return false;
}
