import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ComposePage } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Modal, Radio, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { MarkdownEditor } from '../../docs/components/markdown-editor.tsx';
import { RichTextEditor } from '../../docs/components/rich-text-editor.tsx';
import { listComposePages, useComposeWrite } from '../compose.api.ts';
import { composeKeys } from '../compose.queries.ts';

interface Draft {
  id?: string;
  title: string;
  content: string;
  contentKind: 'html' | 'markdown';
  status: 0 | 1;
}

/** Additional pages of a composed project: rich text (sanitized by the server) or Markdown. */
export function ComposePagesTab({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const write = useComposeWrite();
  const pages = useQuery({
    queryKey: composeKeys.pages(projectId),
    queryFn: ({ signal }) => listComposePages(projectId, { signal, silent: true }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);

  if (pages.isError) return <ErrorState onRetry={() => void pages.refetch()} />;

  const save = async () => {
    if (!draft?.title.trim()) return;
    const body = {
      title: draft.title,
      content: draft.content,
      contentKind: draft.contentKind,
      status: draft.status,
    };
    await write.mutateAsync(
      draft.id
        ? { kind: 'pageUpdate', body: { id: draft.id, ...body } }
        : { kind: 'pageAdd', body: { projectId, ...body } },
    );
    setDraft(null);
  };
  const edit = (page: ComposePage) =>
    setDraft({
      id: page.id,
      title: page.title,
      content: page.content,
      contentKind: page.contentKind,
      status: page.status === 1 ? 1 : 0,
    });

  return (
    <>
      {canManage ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setDraft({ title: '', content: '', contentKind: 'markdown', status: 1 })}
        >
          {t('compose.newPage')}
        </Button>
      ) : null}
      <Table<ComposePage>
        rowKey="id"
        size="small"
        loading={pages.isPending}
        dataSource={pages.data ?? []}
        pagination={false}
        locale={{ emptyText: t('compose.noPagesYet') }}
        columns={[
          { title: t('compose.pageTitle'), dataIndex: 'title' },
          {
            title: t('compose.status'),
            key: 'status',
            render: (_, page) => (page.status === 1 ? t('sharing.enabled') : t('sharing.disabled')),
          },
          {
            title: t('sharing.actions'),
            key: 'actions',
            render: (_, page) =>
              canManage ? (
                <Space size={4}>
                  <Button size="small" icon={<EditOutlined />} onClick={() => edit(page)}>
                    {t('common.edit')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      modal.confirm({
                        content: `${t('common.delete')}: ${page.title}?`,
                        okText: t('common.ok'),
                        cancelText: t('common.cancel'),
                        onOk: () =>
                          write.mutateAsync({ kind: 'pageDelete', id: page.id }).catch(() => undefined),
                      })
                    }
                  >
                    {t('common.delete')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={draft !== null}
        title={draft?.id ? t('common.edit') : t('compose.newPage')}
        width={960}
        onCancel={() => setDraft(null)}
        onOk={() => void save().catch(() => undefined)}
        okButtonProps={{ disabled: !draft?.title.trim() }}
        confirmLoading={write.isPending}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        {draft ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input
              aria-label={t('compose.pageTitle')}
              placeholder={t('compose.pageTitle')}
              maxLength={100}
              value={draft.title}
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            />
            <Space wrap>
              <Radio.Group
                value={draft.contentKind}
                onChange={(event) => setDraft({ ...draft, contentKind: event.target.value })}
                options={[
                  { value: 'markdown', label: t('compose.kindMarkdown') },
                  { value: 'html', label: t('compose.kindHtml') },
                ]}
              />
              <Switch
                checked={draft.status === 1}
                checkedChildren={t('sharing.enabled')}
                unCheckedChildren={t('sharing.disabled')}
                onChange={(on) => setDraft({ ...draft, status: on ? 1 : 0 })}
                aria-label={t('compose.status')}
              />
            </Space>
            {draft.contentKind === 'markdown' ? (
              <MarkdownEditor value={draft.content} onChange={(content) => setDraft({ ...draft, content })} />
            ) : (
              <RichTextEditor
                value={draft.content}
                label={t('compose.pageContent')}
                onChange={(content) => setDraft({ ...draft, content })}
              />
            )}
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
