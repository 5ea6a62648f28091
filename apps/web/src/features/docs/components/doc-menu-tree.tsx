import { FolderOutlined } from '@ant-design/icons';
import { MethodTag } from '@quire/reader';
import { type DocTreeRow, ViewNodeType, type ViewNodeWire } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Select, Skeleton, Space, Tree, type TreeDataNode, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { getProjectTree, getViewProjects } from '../../view/view.api.ts';
import { viewKeys } from '../../view/view.queries.ts';
import { listDocs } from '../docs.api.ts';
import { docKeys } from '../docs.queries.ts';

/** A node of the menu: an application (picking mode only), a folder or a doc. */
export interface DocMenuNode {
  id: string;
  label: string;
  isFolder: boolean;
  url: string;
  httpMethod: string;
  /** Space / project / application, for the origin label of a picked doc. */
  origin: string;
  children: DocMenuNode[];
}

/** What a check gives back: every checked id, and the checked nodes themselves. */
export interface DocMenuCheck {
  ids: string[];
  nodes: DocMenuNode[];
}

interface Props {
  /**
   * An application whose docs and folders are shown. Without it the tree offers a space and project
   * selector and shows the chosen project's applications (docs from any project the user may read).
   */
  moduleId?: string;
  checked: ReadonlyArray<string>;
  onCheck(check: DocMenuCheck): void;
  /** Show each doc's URL after its name (default on). */
  showUrl?: boolean;
  /** Offer checkboxes (default on). */
  checkable?: boolean;
  height?: number;
}

function fromRows(rows: ReadonlyArray<DocTreeRow>): DocMenuNode[] {
  const nodes = new Map<string, DocMenuNode>();
  for (const row of rows)
    nodes.set(row.id, {
      id: row.id,
      label: row.name,
      isFolder: row.isFolder,
      url: row.url,
      httpMethod: row.httpMethod,
      origin: '',
      children: [],
    });
  const roots: DocMenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (!node) continue;
    if (parent?.isFolder && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function fromView(wire: ReadonlyArray<ViewNodeWire>, origin: string): DocMenuNode[] {
  return wire.map((node) => {
    const here = node.type === ViewNodeType.module ? `${origin}/${node.label}` : origin;
    return {
      id: node.id,
      label: node.label,
      isFolder: node.type !== ViewNodeType.doc,
      url: node.url ?? '',
      httpMethod: node.httpMethod ?? '',
      origin: here,
      children: fromView(node.children ?? [], here),
    };
  });
}

/** Keeps nodes matching the filter (name or URL) with their ancestors; a matching folder keeps everything. */
function filterNodes(nodes: ReadonlyArray<DocMenuNode>, term: string): DocMenuNode[] {
  if (!term) return [...nodes];
  const out: DocMenuNode[] = [];
  for (const node of nodes) {
    const hit = node.label.toLowerCase().includes(term) || node.url.toLowerCase().includes(term);
    if (hit) out.push(node);
    else {
      const children = filterNodes(node.children, term);
      if (children.length > 0) out.push({ ...node, children });
    }
  }
  return out;
}

function walk(nodes: ReadonlyArray<DocMenuNode>, visit: (node: DocMenuNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.children, visit);
  }
}

function toTreeData(nodes: ReadonlyArray<DocMenuNode>, showUrl: boolean): TreeDataNode[] {
  return nodes.map((node) => {
    let title: ReactNode;
    if (node.isFolder)
      title = (
        <span>
          <FolderOutlined aria-hidden="true" /> {node.label}
        </span>
      );
    else
      title = (
        <span>
          <MethodTag method={node.httpMethod} small /> {node.label}
          {showUrl && node.url ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {node.url}
            </Typography.Text>
          ) : null}
        </span>
      );
    return { key: node.id, title, children: toTreeData(node.children, showUrl) };
  });
}

function useMenuSource(moduleId: string | undefined, projectId: string | undefined) {
  const moduleDocs = useQuery({
    queryKey: docKeys.list(moduleId ?? ''),
    queryFn: ({ signal }) => listDocs(moduleId ?? '', { signal, silent: true }),
    enabled: moduleId !== undefined,
    select: fromRows,
  });
  const projectDocs = useQuery({
    queryKey: viewKeys.projectTree(projectId),
    queryFn: ({ signal }) => getProjectTree(projectId ?? '', { signal, silent: true }),
    enabled: moduleId === undefined && projectId !== undefined,
  });
  return moduleId !== undefined ? moduleDocs : projectDocs;
}

/**
 * The doc menu tree: an optional space and project selector, a filter box, checkboxes and URLs. Used by the
 * share dialog (one application's docs and folders), the composed-project doc picker and the export dialog.
 * Checks made while a filter hides some nodes keep the hidden nodes' earlier state.
 */
export function DocMenuTree({
  moduleId,
  checked,
  onCheck,
  showUrl = true,
  checkable = true,
  height = 360,
}: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [spaceId, setSpaceId] = useState<string>();
  const [projectId, setProjectId] = useState<string>();
  const projects = useQuery({
    queryKey: viewKeys.projects,
    queryFn: ({ signal }) => getViewProjects({ signal, silent: true }),
    enabled: moduleId === undefined,
  });
  const source = useMenuSource(moduleId, projectId);
  const space = projects.data?.find((s) => s.id === spaceId);
  const projectName = space?.projects.find((p) => p.id === projectId)?.name ?? '';
  const roots = useMemo((): DocMenuNode[] => {
    const data = source.data;
    if (!data) return [];
    if (moduleId !== undefined) return data as DocMenuNode[];
    return fromView(data as ViewNodeWire[], `${space?.name ?? ''}/${projectName}`);
  }, [source.data, moduleId, space?.name, projectName]);
  const term = filter.trim().toLowerCase();
  const shown = useMemo(() => filterNodes(roots, term), [roots, term]);
  const treeData = useMemo(() => toTreeData(shown, showUrl), [shown, showUrl]);
  const byId = useMemo(() => {
    const map = new Map<string, DocMenuNode>();
    walk(roots, (node) => map.set(node.id, node));
    return map;
  }, [roots]);

  const handleCheck = (keys: React.Key[] | { checked: React.Key[] }) => {
    const now = (Array.isArray(keys) ? keys : keys.checked).map(String);
    const visible = new Set<string>();
    walk(shown, (node) => visible.add(node.id));
    const kept = checked.filter((id) => !visible.has(id));
    const ids = [...new Set([...kept, ...now])];
    onCheck({ ids, nodes: ids.flatMap((id) => byId.get(id) ?? []) });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {moduleId === undefined ? (
        <Space wrap>
          <Select
            aria-label={t('docMenu.space')}
            placeholder={t('docMenu.space')}
            style={{ minWidth: 180 }}
            loading={projects.isPending}
            value={spaceId}
            onChange={(id: string) => {
              setSpaceId(id);
              setProjectId(undefined);
            }}
            options={(projects.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          <Select
            aria-label={t('docMenu.project')}
            placeholder={t('docMenu.chooseProject')}
            style={{ minWidth: 200 }}
            disabled={!space}
            value={projectId}
            onChange={(id: string) => setProjectId(id)}
            options={(space?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Space>
      ) : null}
      <Input.Search
        allowClear
        aria-label={t('docMenu.filter')}
        placeholder={t('docMenu.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {source.isError ? (
        <ErrorState onRetry={() => void source.refetch()} />
      ) : source.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : treeData.length === 0 ? (
        moduleId === undefined && !projectId ? (
          <Typography.Text type="secondary">{t('docMenu.chooseProject')}</Typography.Text>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('docMenu.empty')} />
        )
      ) : (
        <Tree
          checkable={checkable}
          selectable={false}
          defaultExpandAll
          key={term}
          height={height}
          treeData={treeData}
          checkedKeys={[...checked]}
          onCheck={handleCheck}
        />
      )}
      {checkable ? (
        <Typography.Text type="secondary">{t('docMenu.selected', { 0: checked.length })}</Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * A share's content from the checked nodes: a checked folder shares itself (and what it will hold later), so
 * what lies below it is not listed again; other checked docs are chosen one by one.
 */
export function shareContentOf(
  nodes: ReadonlyArray<DocMenuNode>,
): Array<{ docId: string; isShareFolder: boolean }> {
  const inside = new Set<string>();
  for (const node of nodes) if (node.isFolder) walk(node.children, (child) => inside.add(child.id));
  return nodes
    .filter((node) => !inside.has(node.id))
    .map((node) => ({ docId: node.id, isShareFolder: node.isFolder }));
}
