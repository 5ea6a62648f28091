import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { MethodTag } from '@quire/reader';
import type { ComposeDocRow } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { type DocMenuNode, DocMenuTree } from '../../docs/components/doc-menu-tree.tsx';
import { listComposeDocs, useComposeWrite } from '../compose.api.ts';
import { composeKeys } from '../compose.queries.ts';

type Row = ComposeDocRow & { children?: Row[] };

function nest(rows: ReadonlyArray<ComposeDocRow>): Row[] {
  const byId = new Map<string, Row>(rows.map((row) => [row.id, { ...row }]));
  const top: Row[] = [];
  for (const row of byId.values()) {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    if (!parent?.isFolder) top.push(row);
    else if (parent.children) parent.children.push(row);
    else parent.children = [row];
  }
  return top;
}

/** The docs of a composed project: its own folders and order, docs picked from any readable project. */
export function ComposeDocsTab({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const write = useComposeWrite();
  const docs = useQuery({
    queryKey: composeKeys.docs(projectId),
    queryFn: ({ signal }) => listComposeDocs(projectId, { signal, silent: true }),
  });
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<{ ids: string[]; nodes: DocMenuNode[] }>({ ids: [], nodes: [] });
  const [target, setTarget] = useState('');
  const [folder, setFolder] = useState<{ id?: string; name: string } | null>(null);
  const tree = useMemo(() => nest(docs.data ?? []), [docs.data]);
  const folders = (docs.data ?? []).filter((row) => row.isFolder);

  if (docs.isError) return <ErrorState onRetry={() => void docs.refetch()} />;
  // Folders open on first show: the table expands all rows only when it mounts with them.
  if (docs.isPending) return <Skeleton active />;

  const addPicked = async () => {
    const list = picked.nodes.filter((n) => !n.isFolder).map((n) => ({ docId: n.id, origin: n.origin }));
    if (list.length === 0) return;
    await write.mutateAsync({ kind: 'docAdd', body: { projectId, parentId: target, docList: list } });
    setPicking(false);
    setPicked({ ids: [], nodes: [] });
  };
  const saveFolder = async () => {
    if (!folder?.name.trim()) return;
    await write.mutateAsync(
      folder.id
        ? { kind: 'folderRename', id: folder.id, name: folder.name }
        : { kind: 'folderAdd', body: { projectId, name: folder.name } },
    );
    setFolder(null);
  };

  return (
    <>
      {canManage ? (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('compose.addDocs')}
          </Button>
          <Button icon={<FolderAddOutlined />} onClick={() => setFolder({ name: '' })}>
            {t('compose.addFolder')}
          </Button>
        </Space>
      ) : null}
      <Table<Row>
        rowKey="id"
        size="small"
        dataSource={tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: t('compose.noDocsYet') }}
        columns={[
          {
            title: t('compose.name'),
            key: 'name',
            render: (_, row) =>
              row.isFolder ? (
                <strong>{row.name}</strong>
              ) : row.available ? (
                <span>
                  <MethodTag method={row.httpMethod} small /> {row.name}{' '}
                  <Typography.Text type="secondary">{row.url}</Typography.Text>
                </span>
              ) : (
                <Tag color="default">{t('compose.unavailable')}</Tag>
              ),
          },
          { title: t('compose.origin'), dataIndex: 'origin', ellipsis: true },
          {
            title: t('compose.order'),
            key: 'order',
            width: 120,
            render: (_, row) => (
              <InputNumber
                size="small"
                min={0}
                aria-label={t('compose.order')}
                disabled={!canManage}
                defaultValue={row.orderIndex}
                onBlur={(event) => {
                  const value = Number(event.target.value);
                  if (Number.isInteger(value) && value !== row.orderIndex)
                    void write
                      .mutateAsync({ kind: 'order', id: row.id, orderIndex: value })
                      .catch(() => undefined);
                }}
              />
            ),
          },
          {
            title: t('sharing.actions'),
            key: 'actions',
            width: 200,
            render: (_, row) =>
              canManage ? (
                <Space size={4}>
                  {row.isFolder ? (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setFolder({ id: row.id, name: row.name })}
                    >
                      {t('compose.rename')}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      modal.confirm({
                        content: `${t('compose.remove')}: ${row.name || row.docId}?`,
                        okText: t('common.ok'),
                        cancelText: t('common.cancel'),
                        onOk: () =>
                          write.mutateAsync({ kind: 'docRemove', id: row.id }).catch(() => undefined),
                      })
                    }
                  >
                    {t('compose.remove')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={picking}
        title={t('compose.addDocs')}
        width={760}
        onCancel={() => setPicking(false)}
        onOk={() => void addPicked().catch(() => undefined)}
        okButtonProps={{ disabled: picked.nodes.every((n) => n.isFolder) }}
        confirmLoading={write.isPending}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Space style={{ marginBottom: 12 }}>
          <span id="compose-target">{t('compose.addInto')}</span>
          <Select
            aria-labelledby="compose-target"
            style={{ minWidth: 200 }}
            value={target}
            onChange={setTarget}
            options={[
              { value: '', label: t('compose.topLevel') },
              ...folders.map((f) => ({ value: f.id, label: f.name })),
            ]}
          />
        </Space>
        <DocMenuTree checked={picked.ids} onCheck={setPicked} height={320} />
      </Modal>
      <Modal
        open={folder !== null}
        title={folder?.id ? t('compose.rename') : t('compose.addFolder')}
        onCancel={() => setFolder(null)}
        onOk={() => void saveFolder().catch(() => undefined)}
        okButtonProps={{ disabled: !folder?.name.trim() }}
        confirmLoading={write.isPending}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Input
          aria-label={t('compose.folderName')}
          placeholder={t('compose.folderName')}
          maxLength={64}
          autoFocus
          value={folder?.name ?? ''}
          onChange={(event) => setFolder((f) => (f ? { ...f, name: event.target.value } : f))}
          onPressEnter={() => void saveFolder().catch(() => undefined)}
        />
      </Modal>
    </>
  );
}
