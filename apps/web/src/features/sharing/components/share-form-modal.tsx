import type { ShareConfig } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Modal, Radio, Select, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { DocMenuTree, shareContentOf } from '../../docs/components/doc-menu-tree.tsx';
import { listEnvironments } from '../../modules/modules.api.ts';
import { releasesQuery } from '../../releases/releases.queries.ts';
import { environmentsKey } from '../../view/view.queries.ts';
import { listShareContent, listShareEnvironments, useSaveShare } from '../sharing.api.ts';
import { shareKeys } from '../sharing.queries.ts';

type EnvMode = 'public' | 'all' | 'chosen';

interface FormValues {
  type: 1 | 2;
  isAll: boolean;
  remark: string;
  expirationTime: string;
  envMode: EnvMode;
  envIds: string[];
  isShowDebug: boolean;
  releaseId: string;
}

/**
 * Creates or edits a share: the docs now or a release of the project (its frozen docs), type, whole application or chosen docs and folders (the doc menu tree), remark,
 * expiry day, the environments shown and whether debugging is offered.
 */
export function ShareFormModal({
  moduleId,
  projectId,
  share,
  open,
  onClose,
}: {
  moduleId: string;
  /** The application's project: its releases can be shared instead of the docs now. */
  projectId?: string | undefined;
  share: ShareConfig | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveShare();
  const editingId = share?.id;
  const [checked, setChecked] = useState<string[]>([]);
  const [content, setContent] = useState<Array<{ docId: string; isShareFolder: boolean }>>([]);
  const envs = useQuery({
    queryKey: environmentsKey(moduleId),
    queryFn: ({ signal }) => listEnvironments(moduleId, { signal, silent: true }),
    enabled: open,
  });
  const chosenContent = useQuery({
    queryKey: shareKeys.content(editingId ?? ''),
    queryFn: ({ signal }) => listShareContent(editingId ?? '', { signal }),
    enabled: open && editingId !== undefined,
  });
  const chosenEnvs = useQuery({
    queryKey: shareKeys.environments(editingId ?? ''),
    queryFn: ({ signal }) => listShareEnvironments(editingId ?? '', { signal }),
    enabled: open && editingId !== undefined,
  });
  const releases = useQuery({ ...releasesQuery(projectId ?? ''), enabled: open && Boolean(projectId) });
  const loading = editingId !== undefined && (chosenContent.isPending || chosenEnvs.isPending);

  useEffect(() => {
    if (!open || loading) return;
    const envIds = (chosenEnvs.data ?? []).map((e) => e.moduleEnvironmentId);
    form.setFieldsValue({
      type: (share?.type as 1 | 2 | undefined) ?? 1,
      isAll: share?.isAll ?? false,
      remark: share?.remark ?? '',
      expirationTime: share?.expirationTime ?? '',
      envMode: share?.isAllSelectedDebug ? 'all' : envIds.length > 0 ? 'chosen' : 'public',
      envIds,
      isShowDebug: share?.isShowDebug ?? false,
      releaseId: share?.releaseId ?? '',
    });
    const rows = chosenContent.data ?? [];
    setContent(rows);
    setChecked(rows.map((r) => r.docId));
  }, [open, loading, share, chosenContent.data, chosenEnvs.data, form]);

  const isAll = Form.useWatch('isAll', form);
  const envMode = Form.useWatch('envMode', form);

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      type: values.type,
      isAll: values.isAll,
      content: values.isAll ? [] : content,
      remark: values.remark ?? '',
      expirationTime: values.expirationTime || null,
      isShowDebug: values.isShowDebug,
      isAllSelectedDebug: values.envMode === 'all',
      moduleEnvironmentIdList: values.envMode === 'chosen' ? values.envIds : [],
      // Without the project's releases at hand the field is left out, so an update keeps the share's release.
      ...(projectId ? { releaseId: values.releaseId || null } : {}),
    };
    await save.mutateAsync(editingId ? { ...body, id: editingId } : { ...body, moduleId });
    toastSuccess(t('sharing.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editingId ? t('sharing.edit') : t('sharing.create')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="type" label={t('sharing.type')}>
            <Radio.Group
              options={[
                { value: 1, label: t('sharing.typePublic') },
                { value: 2, label: t('sharing.typeEncrypted') },
              ]}
            />
          </Form.Item>
          {projectId && (releases.data?.length || share?.releaseId) ? (
            <Form.Item name="releaseId" label={t('sharing.release')} extra={t('sharing.releaseHint')}>
              <Select
                aria-label={t('sharing.release')}
                options={[
                  { value: '', label: t('sharing.releaseNow') },
                  ...(releases.data ?? []).map((r) => ({ value: r.id, label: r.releaseNo })),
                ]}
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="isAll" label={t('sharing.scope')}>
            <Radio.Group
              options={[
                { value: true, label: t('sharing.scopeAll') },
                { value: false, label: t('sharing.scopeChosen') },
              ]}
            />
          </Form.Item>
          {isAll === false ? (
            <Form.Item label={t('sharing.chooseDocs')} extra={t('sharing.folderHint')} required>
              <DocMenuTree
                moduleId={moduleId}
                checked={checked}
                height={280}
                onCheck={({ ids, nodes }) => {
                  setChecked(ids);
                  setContent(shareContentOf(nodes));
                }}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="remark" label={t('sharing.remark')} rules={[{ max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="expirationTime" label={t('sharing.expiry')}>
            <Input type="date" style={{ maxWidth: 220 }} />
          </Form.Item>
          <Form.Item name="envMode" label={t('sharing.environments')}>
            <Radio.Group
              options={[
                { value: 'public', label: t('sharing.publicEnvironments') },
                { value: 'all', label: t('sharing.allEnvironments') },
                { value: 'chosen', label: t('sharing.chosenEnvironments') },
              ]}
            />
          </Form.Item>
          {envMode === 'chosen' ? (
            <Form.Item
              name="envIds"
              rules={[{ required: true, type: 'array', min: 1, message: t('validation.choose_env') }]}
            >
              <Checkbox.Group
                options={(envs.data ?? []).map((e) => ({ value: e.id, label: `${e.name} (${e.baseUrl})` }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="isShowDebug" label={t('sharing.showDebug')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
