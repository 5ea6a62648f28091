import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type DebugScript, ScriptScope, ScriptType } from '@quire/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDebugScript,
  deleteDebugScript,
  listDebugScripts,
  patchDebugScript,
  updateDebugScript,
} from '../debug.api.ts';
import type { DebugVisitor } from '../debug-visitor.ts';

export function scriptsQueryKey(docId: string) {
  return ['debug', docId, 'scripts'] as const;
}

/** The scripts of a doc (its own, its application's, its project's), to run around each send. */
export function useDebugScripts(docId: string, visitor?: DebugVisitor) {
  return useQuery({
    queryKey: visitor ? [...scriptsQueryKey(docId), visitor.scope] : scriptsQueryKey(docId),
    queryFn: ({ signal }) => listDebugScripts(docId, { signal, silent: true, headers: visitor?.headers() }),
  });
}

interface Draft {
  id?: string;
  name: string;
  description: string;
  content: string;
  type: 0 | 1;
  scope: 0 | 1 | 2;
  enabled: boolean;
}

/**
 * Pre-request and post-response scripts of the doc, its application and its project: listed in the order they
 * run, each switchable; devs and admins add, edit and delete them.
 */
export function ScriptsPanel({
  docId,
  canWrite,
  visitor,
}: {
  docId: string;
  canWrite: boolean;
  visitor?: DebugVisitor | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const scripts = useDebugScripts(docId, visitor);
  const [draft, setDraft] = useState<Draft | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: scriptsQueryKey(docId) });
  const save = useMutation({
    mutationFn: (d: Draft) =>
      d.id
        ? updateDebugScript({ ...d, id: d.id, docId })
        : addDebugScript({ ...d, docId }).then(() => undefined),
    onSuccess: () => {
      setDraft(null);
      void refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (s: { id: string; enabled: boolean }) => patchDebugScript(s),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({ mutationFn: deleteDebugScript, onSuccess: () => void refresh() });

  const scopeLabel = (scope: number) =>
    scope === ScriptScope.doc
      ? t('debug.scopeDoc')
      : scope === ScriptScope.module
        ? t('debug.scopeModule')
        : t('debug.scopeProject');

  return (
    <div>
      <Typography.Paragraph type="secondary">{t('debug.scriptsHint')}</Typography.Paragraph>
      {canWrite ? (
        <Button
          icon={<PlusOutlined />}
          size="small"
          style={{ marginBottom: 8 }}
          onClick={() =>
            setDraft({ name: '', description: '', content: '', type: 0, scope: 0, enabled: true })
          }
        >
          {t('debug.addScript')}
        </Button>
      ) : null}
      <List<DebugScript>
        size="small"
        bordered
        loading={scripts.isLoading}
        dataSource={scripts.data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('debug.noScripts')} />,
        }}
        renderItem={(script) => (
          <List.Item
            actions={
              canWrite
                ? [
                    <Switch
                      key="on"
                      size="small"
                      checked={script.enabled}
                      aria-label={`${t('debug.enabled')} ${script.name}`}
                      onChange={(enabled) => toggle.mutate({ id: script.id, enabled })}
                    />,
                    <Button
                      key="edit"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t('debug.editScript')} ${script.name}`}
                      onClick={() =>
                        setDraft({
                          id: script.id,
                          name: script.name,
                          description: script.description,
                          content: script.content,
                          type: script.type === 1 ? 1 : 0,
                          scope: (script.scope === 1 || script.scope === 2 ? script.scope : 0) as 0 | 1 | 2,
                          enabled: script.enabled,
                        })
                      }
                    />,
                    <Popconfirm
                      key="delete"
                      title={t('debug.deleteScriptConfirm', { 0: script.name })}
                      onConfirm={() => remove.mutate(script.id)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('debug.remove')} ${script.name}`}
                      />
                    </Popconfirm>,
                  ]
                : [<Tag key="state">{script.enabled ? t('debug.on') : t('debug.off')}</Tag>]
            }
          >
            <Space wrap>
              <Tag color={script.type === ScriptType.pre ? 'blue' : 'green'}>
                {script.type === ScriptType.pre ? t('debug.preScript') : t('debug.postScript')}
              </Tag>
              <Tag>{scopeLabel(script.scope)}</Tag>
              <Typography.Text delete={!script.enabled}>{script.name}</Typography.Text>
              {script.description ? (
                <Typography.Text type="secondary">{script.description}</Typography.Text>
              ) : null}
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={draft !== null}
        title={draft?.id ? t('debug.editScript') : t('debug.addScript')}
        onCancel={() => setDraft(null)}
        onOk={() => draft && save.mutate(draft)}
        okButtonProps={{ disabled: !draft?.name.trim(), loading: save.isPending }}
        width={720}
        destroyOnHidden
      >
        {draft ? (
          <Form layout="vertical">
            <Form.Item label={t('debug.scriptName')} required>
              <Input
                value={draft.name}
                maxLength={64}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('debug.scriptDescription')}>
              <Input
                value={draft.description}
                maxLength={256}
                onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              />
            </Form.Item>
            <Space wrap size="large">
              <Form.Item label={t('debug.scriptType')}>
                <Radio.Group
                  value={draft.type}
                  onChange={(e) => setDraft({ ...draft, type: e.target.value as 0 | 1 })}
                  options={[
                    { value: 0, label: t('debug.preScript') },
                    { value: 1, label: t('debug.postScript') },
                  ]}
                />
              </Form.Item>
              <Form.Item label={t('debug.scriptScope')}>
                <Radio.Group
                  value={draft.scope}
                  onChange={(e) => setDraft({ ...draft, scope: e.target.value as 0 | 1 | 2 })}
                  options={[
                    { value: 0, label: t('debug.scopeDoc') },
                    { value: 1, label: t('debug.scopeModule') },
                    { value: 2, label: t('debug.scopeProject') },
                  ]}
                />
              </Form.Item>
            </Space>
            <Form.Item label={t('debug.scriptContent')} extra={t('debug.scriptHelp')}>
              <Input.TextArea
                value={draft.content}
                autoSize={{ minRows: 8, maxRows: 20 }}
                spellCheck={false}
                style={{ fontFamily: 'monospace' }}
                onChange={(e) => setDraft({ ...draft, content: e.target.value })}
              />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </div>
  );
}
