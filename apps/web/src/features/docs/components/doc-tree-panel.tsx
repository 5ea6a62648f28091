import {
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  FileAddOutlined,
  FolderAddOutlined,
  FolderOutlined,
  LockOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { type DocTreeRow, METHOD_COLORS, NOT_DEPRECATED } from '@quire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Dropdown,
  Empty,
  Input,
  type MenuProps,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';
import {
  buildDocTree,
  copyPath,
  type DocNode,
  editPath,
  expandKey,
  filterDocTree,
  folderIds,
  moveTarget,
} from '../doc-tree.ts';
import { addFolder, copyDoc, deleteDoc, moveDoc, setDocLocked, updateFolder } from '../docs.api.ts';
import { docKeys, docTreeQuery } from '../docs.queries.ts';
import { DubboPropsTag } from './dubbo-props.tsx';
import { FolderNameModal } from './folder-name-modal.tsx';

type FolderDialog = { mode: 'add'; parentId: string } | { mode: 'rename'; row: DocTreeRow } | null;

function readExpanded(moduleId: string): string[] {
  const value = readJson(expandKey(moduleId));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The API docs tab: the application's doc tree (folders to any depth with doc counts), a name/URL filter,
 * create, rename, drag-and-drop move and reorder, copy, lock and delete. Guests read only.
 */
export function DocTreePanel({ moduleId, canWrite }: { moduleId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useQuery(docTreeQuery(moduleId));
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<string[]>(() => readExpanded(moduleId));
  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null);

  const rows = tree.data ?? [];
  const nodes = useMemo(() => buildDocTree(tree.data ?? []), [tree.data]);
  const shown = useMemo(() => filterDocTree(nodes, filter), [nodes, filter]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: docKeys.tree(moduleId) });

  const setExpandedKeys = (keys: string[]) => {
    setExpanded(keys);
    writeJson(expandKey(moduleId), keys);
  };

  const confirmDelete = (row: DocTreeRow) =>
    modal.confirm({
      title: t('doc.deleteTitle', { 0: row.name }),
      content: row.isFolder ? t('doc.deleteFolderWarning') : t('doc.deleteDocWarning'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteDoc(row.id).then(
          () => {
            toastSuccess(t('common.deleted'));
            void refresh();
          },
          () => undefined,
        ),
    });

  const copy = (row: DocTreeRow) =>
    copyDoc({ id: row.id }).then(
      () => {
        toastSuccess(t('doc.copied', { 0: `${row.name} Copy` }));
        void refresh();
      },
      () => undefined,
    );

  const lock = (row: DocTreeRow) =>
    setDocLocked(row.id, !row.isLocked).then(
      () => void refresh(),
      () => undefined,
    );

  const menuOf = (row: DocTreeRow): MenuProps['items'] =>
    row.isFolder
      ? [
          {
            key: 'doc',
            icon: <FileAddOutlined />,
            label: t('doc.addDocHere'),
            onClick: () => navigate(`/doc/new/${moduleId}/${row.id}`),
          },
          {
            key: 'folder',
            icon: <FolderAddOutlined />,
            label: t('doc.addFolderHere'),
            onClick: () => setFolderDialog({ mode: 'add', parentId: row.id }),
          },
          {
            key: 'rename',
            icon: <EditOutlined />,
            label: t('doc.renameFolder'),
            onClick: () => setFolderDialog({ mode: 'rename', row }),
          },
          { type: 'divider' },
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            danger: true,
            label: t('common.delete'),
            onClick: () => confirmDelete(row),
          },
        ]
      : [
          {
            key: 'edit',
            icon: <EditOutlined />,
            label: t('doc.edit'),
            onClick: () => navigate(editPath(moduleId, row)),
          },
          { key: 'copy', icon: <CopyOutlined />, label: t('doc.copy'), onClick: () => void copy(row) },
          {
            key: 'copyEdit',
            icon: <CopyOutlined />,
            label: `${t('doc.copy')}…`,
            onClick: () => navigate(copyPath(moduleId, row)),
          },
          {
            key: 'lock',
            icon: row.isLocked ? <UnlockOutlined /> : <LockOutlined />,
            label: row.isLocked ? t('doc.unlock') : t('doc.lock'),
            onClick: () => void lock(row),
          },
          { type: 'divider' },
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            danger: true,
            label: t('common.delete'),
            onClick: () => confirmDelete(row),
          },
        ];

  const titleOf = (node: DocNode): ReactNode => {
    const { row } = node;
    const isDeprecated = row.deprecated !== NOT_DEPRECATED && row.deprecated !== '';
    return (
      <span
        className="quire-doc-node"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 0 }}
      >
        {row.isFolder ? (
          <>
            <FolderOutlined />
            <span>{row.name}</span>
            <Typography.Text type="secondary">({node.count})</Typography.Text>
          </>
        ) : (
          <>
            {row.type === 0 ? (
              <Tag color={METHOD_COLORS[row.httpMethod] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                {row.httpMethod}
              </Tag>
            ) : row.type === 1 ? (
              <DubboPropsTag docId={row.id} />
            ) : (
              <Tag style={{ marginInlineEnd: 0 }}>{['HTTP', 'Dubbo', 'Custom', 'md'][row.type] ?? ''}</Tag>
            )}
            <span style={isDeprecated ? { textDecoration: 'line-through', opacity: 0.65 } : undefined}>
              {row.name}
            </span>
            {row.url ? <Typography.Text type="secondary">{row.url}</Typography.Text> : null}
            {isDeprecated ? <Tag color="warning">{t('doc.deprecatedTag')}</Tag> : null}
          </>
        )}
        {row.isShow ? null : (
          <Tooltip title={t('doc.hidden')}>
            <EyeInvisibleOutlined style={{ color: '#d4a106' }} aria-label={t('doc.hidden')} />
          </Tooltip>
        )}
        {row.isLocked ? (
          <Tooltip title={t('doc.locked')}>
            <LockOutlined aria-label={t('doc.locked')} />
          </Tooltip>
        ) : null}
        {canWrite ? (
          // The menu renders in a portal, but React bubbles its clicks through this row: without the stop, a
          // menu action (lock, copy, delete) also selected the row, which opened the editor.
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from reaching the tree row
          // biome-ignore lint/a11y/useKeyWithClickEvents: the button and menu inside handle the keyboard
          <span onClick={(event) => event.stopPropagation()}>
            <Dropdown menu={{ items: menuOf(row) }} trigger={['click']}>
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={`${t('doc.edit')} ${row.name}`}
              />
            </Dropdown>
          </span>
        ) : null}
      </span>
    );
  };

  const toData = (list: DocNode[]): DataNode[] =>
    list.map((node) => ({
      key: node.row.id,
      title: titleOf(node),
      isLeaf: !node.row.isFolder,
      children: node.row.isFolder ? toData(node.children) : undefined,
    }));
  const treeData = toData(shown);

  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(String(info.dragNode.key));
    const target = byId.get(String(info.node.key));
    if (!dragged || !target) return;
    const relative = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    const position = !info.dropToGap ? 'into' : relative < 0 ? 'before' : 'after';
    if (position === 'into' && !target.isFolder) return;
    const siblings = rows
      .filter((row) => row.parentId === target.parentId)
      .sort((a, b) => a.orderIndex - b.orderIndex);
    moveDoc(moveTarget(siblings, target, dragged, position)).then(
      () => {
        toastSuccess(t('doc.moved'));
        void refresh();
      },
      () => void refresh(),
    );
  };

  const onSelect: TreeProps['onSelect'] = (_keys, info) => {
    const row = byId.get(String(info.node.key));
    if (!row) return;
    if (row.isFolder) {
      const key = row.id;
      setExpandedKeys(expanded.includes(key) ? expanded.filter((k) => k !== key) : [...expanded, key]);
    } else if (canWrite) navigate(editPath(moduleId, row));
    else window.open(`/view/${row.id}`, '_blank', 'noopener');
  };

  const newMenu: MenuProps['items'] = [
    { key: 'http', label: t('doc.newHttp'), onClick: () => navigate(`/doc/new/${moduleId}`) },
    { key: 'dubbo', label: t('doc.newDubbo'), onClick: () => navigate(`/doc/new/${moduleId}?type=1`) },
    { key: 'custom', label: t('doc.newCustom'), onClick: () => navigate(`/doc/new/${moduleId}?type=2`) },
    { key: 'markdown', label: t('doc.newMarkdown'), onClick: () => navigate(`/doc/new/${moduleId}?type=3`) },
  ];

  let body: ReactNode;
  if (tree.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (tree.isError) body = <ErrorState onRetry={() => void tree.refetch()} />;
  else if (rows.length === 0)
    body = (
      <Empty
        style={{ padding: '32px 0' }}
        description={
          <>
            <Typography.Title level={2} style={{ margin: '8px 0 4px', fontSize: 16 }}>
              {t('doc.emptyTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {canWrite ? t('doc.emptyText') : t('doc.emptyTextReader')}
            </Typography.Text>
          </>
        }
      />
    );
  else
    body = (
      <Tree
        blockNode
        showLine
        draggable={canWrite && !filter ? { icon: false } : false}
        allowDrop={({ dropNode, dropPosition }) =>
          dropPosition !== 0 || Boolean(byId.get(String(dropNode.key))?.isFolder)
        }
        onDrop={onDrop}
        treeData={treeData}
        expandedKeys={filter ? folderIds(shown) : expanded}
        onExpand={(keys) => {
          if (!filter) setExpandedKeys(keys.map(String));
        }}
        onSelect={onSelect}
        selectedKeys={[]}
        switcherIcon={<DownOutlined />}
        height={Math.max(320, window.innerHeight - 320)}
        aria-label={t('module.tabs.docs')}
      />
    );

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {canWrite ? (
          <>
            <Space.Compact>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/doc/new/${moduleId}`)}>
                {t('doc.newDoc')}
              </Button>
              <Dropdown menu={{ items: newMenu }} trigger={['click']}>
                <Button type="primary" icon={<DownOutlined />} aria-label={t('doc.newDoc')} />
              </Dropdown>
            </Space.Compact>
            <Button
              icon={<FolderAddOutlined />}
              onClick={() => setFolderDialog({ mode: 'add', parentId: '' })}
            >
              {t('doc.newFolder')}
            </Button>
          </>
        ) : null}
        <Input.Search
          allowClear
          placeholder={t('doc.filter')}
          aria-label={t('doc.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          style={{ width: 260 }}
        />
        <Tooltip title={t('common.retry')}>
          <Button icon={<ReloadOutlined />} aria-label={t('common.retry')} onClick={() => void refresh()} />
        </Tooltip>
        {tree.data ? (
          <Typography.Text type="secondary">
            {t('doc.count', { 0: rows.filter((row) => !row.isFolder).length })}
          </Typography.Text>
        ) : null}
      </Space>
      {canWrite ? null : <Typography.Paragraph type="secondary">{t('doc.readOnly')}</Typography.Paragraph>}
      {body}
      <FolderNameModal
        open={folderDialog !== null}
        title={folderDialog?.mode === 'rename' ? t('doc.renameFolder') : t('doc.newFolder')}
        initialName={folderDialog?.mode === 'rename' ? folderDialog.row.name : ''}
        onClose={() => setFolderDialog(null)}
        onSubmit={async (name) => {
          if (!folderDialog) return;
          if (folderDialog.mode === 'add') {
            const folder = await addFolder({ name, moduleId, parentId: folderDialog.parentId });
            if (folderDialog.parentId && !expanded.includes(folderDialog.parentId))
              setExpandedKeys([...expanded, folderDialog.parentId]);
            void folder;
          } else await updateFolder({ id: folderDialog.row.id, name });
          await refresh();
        }}
      />
    </div>
  );
}
