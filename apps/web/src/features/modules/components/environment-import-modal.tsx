import { EnvironmentImportRequest } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Form, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { projectsQuery } from '../../projects/projects.queries.ts';
import { environmentsQuery, modulesQuery, useImportEnvironments } from '../modules.queries.ts';

interface ImportValues {
  fromProjectId: string;
  fromModuleId?: string;
  ids: string[];
}

/**
 * "Import from another application": pick a project of the space and one of its applications, tick the
 * environments to copy. Nothing ticked is refused with the spec's "Please choose environment".
 */
export function EnvironmentImportModal({
  open,
  moduleId,
  projectId,
  spaceId,
  onClose,
}: {
  open: boolean;
  moduleId: string;
  projectId: string;
  spaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImportValues>();
  const mutation = useImportEnvironments();
  useRevalidateOnLanguageChange(form, mutation.reset);
  const fromProjectId = Form.useWatch('fromProjectId', form) ?? projectId;
  const fromModuleId = Form.useWatch('fromModuleId', form);
  const projects = useQuery({ ...projectsQuery(spaceId), enabled: open && spaceId !== '' });
  const modules = useQuery({ ...modulesQuery(fromProjectId), enabled: open });
  const environments = useQuery({
    ...environmentsQuery(fromModuleId ?? ''),
    enabled: open && Boolean(fromModuleId),
  });
  const sourceModules = (modules.data ?? []).filter((module) => module.id !== moduleId);

  let envField = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('env.importPickModule')} />;
  if (fromModuleId && environments.isPending) envField = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (fromModuleId && environments.data?.length === 0)
    envField = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('env.importNone')} />;
  else if (environments.data && fromModuleId)
    envField = (
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={environments.data.map((env) => ({ value: env.id, label: `${env.name} — ${env.baseUrl}` }))}
      />
    );

  return (
    <FormModal
      open={open}
      title={t('env.importTitle')}
      okText={t('env.import')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
      keepOnMaskClick
    >
      <Form
        name="environmentImport"
        form={form}
        layout="vertical"
        initialValues={{ fromProjectId: projectId, ids: [] }}
        onValuesChange={(changed: Partial<ImportValues>) => {
          if ('fromProjectId' in changed) form.setFieldsValue({ fromModuleId: undefined, ids: [] });
          else if ('fromModuleId' in changed) form.setFieldsValue({ ids: [] });
        }}
        onFinish={(values) => {
          if (!values.fromModuleId) return;
          mutation.mutate(
            { moduleId, fromModuleId: values.fromModuleId, ids: values.ids },
            {
              onSuccess: (imported) => {
                toastSuccess(t('env.imported', { 0: imported.length }));
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item name="fromProjectId" label={t('env.importProject')}>
          <Select
            loading={projects.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        </Form.Item>
        <Form.Item
          name="fromModuleId"
          label={t('env.importModule')}
          rules={[{ required: true, message: t('env.importPickModule') }]}
        >
          <Select
            loading={modules.isPending}
            placeholder={t('env.importPickModule')}
            notFoundContent={t('env.importNoModules')}
            options={sourceModules.map((module) => ({ value: module.id, label: module.name }))}
          />
        </Form.Item>
        <Form.Item
          name="ids"
          label={t('env.importEnvironments')}
          rules={[zodRule(EnvironmentImportRequest.shape.ids, t)]}
        >
          {envField}
        </Form.Item>
      </Form>
    </FormModal>
  );
}
