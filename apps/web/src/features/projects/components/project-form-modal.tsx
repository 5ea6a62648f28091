import { type Project, ProjectAddRequest, type ProjectInfo } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { userLabel } from '../../spaces/components/user-search-select.tsx';
import { allSpaceMembersQuery } from '../../spaces/spaces.queries.ts';
import { useAddProject, useUpdateProject } from '../projects.queries.ts';

interface ProjectValues {
  name: string;
  description: string;
  isPrivate: boolean;
  adminIds: string[];
}

/**
 * Create or edit a project: name, description, private (members only) or public (every member of the space
 * reads), and its admins, picked among the space's members. Refusals are shown in the dialog.
 */
export function ProjectFormModal({
  open,
  spaceId,
  project,
  onClose,
  onSaved,
}: {
  open: boolean;
  spaceId: string;
  /** The project to edit; absent to create one. */
  project?: ProjectInfo;
  onClose: () => void;
  onSaved?: (project: Project | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectValues>();
  const add = useAddProject();
  const update = useUpdateProject();
  const mutation = project ? update : add;
  useRevalidateOnLanguageChange(form, mutation.reset);
  const members = useQuery({ ...allSpaceMembersQuery(spaceId), enabled: open });
  const fields = ProjectAddRequest.shape;

  const handleFinish = (values: ProjectValues) => {
    const common = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      isPrivate: values.isPrivate,
      adminIds: values.adminIds ?? [],
    };
    const done = (saved: Project | null) => {
      toastSuccess(project ? t('common.saved') : t('project.created'));
      onSaved?.(saved);
      onClose();
    };
    if (project) update.mutate({ id: project.id, ...common }, { onSuccess: () => done(null) });
    else add.mutate({ spaceId, ...common }, { onSuccess: (created) => done(created) });
  };

  return (
    <FormModal
      open={open}
      title={project ? t('project.edit') : t('project.new')}
      okText={project ? t('common.save') : t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        add.reset();
        update.reset();
      }}
      keepOnMaskClick
    >
      <Form
        name="project"
        form={form}
        layout="vertical"
        initialValues={{
          name: project?.name ?? '',
          description: project?.description ?? '',
          isPrivate: project?.isPrivate ?? true,
          adminIds: project?.admins.map((admin) => admin.id) ?? [],
        }}
        onFinish={handleFinish}
      >
        <Form.Item name="name" label={t('project.name')} required rules={[zodRule(fields.name, t)]}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('project.description')}
          rules={[zodRule(fields.description, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} showCount maxLength={255} />
        </Form.Item>
        <Form.Item name="isPrivate" label={t('project.visibility')}>
          <Radio.Group>
            <Space orientation="vertical">
              <Radio value={true}>
                {t('project.private')}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('project.privateHint')}
                </Typography.Text>
              </Radio>
              <Radio value={false}>
                {t('project.public')}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('project.publicHint')}
                </Typography.Text>
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="adminIds"
          label={t('project.admins')}
          extra={project ? t('project.adminsEditHint') : t('project.adminsHint')}
        >
          <Select
            mode="multiple"
            loading={members.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('project.adminsPlaceholder')}
            options={(members.data ?? []).map((member) => ({
              value: member.id,
              label: member.email ? `${userLabel(member)} · ${member.email}` : userLabel(member),
            }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
