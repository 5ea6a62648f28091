import { type Space, SpaceAddRequest } from '@quire/shared';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { useAddSpace } from '../spaces.queries.ts';
import { UserSearchSelect } from './user-search-select.tsx';

interface NewSpaceValues {
  name: string;
  adminIds: string[];
  isCompose: boolean;
}

/**
 * "New Space": a name, the space admins (super admins only; everyone else becomes the admin), and whether
 * it is a composed space.
 */
export function NewSpaceModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (space: Space) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewSpaceValues>();
  const mutation = useAddSpace();
  useRevalidateOnLanguageChange(form, mutation.reset);
  const { isSuperAdmin } = usePermissions();

  const handleFinish = (values: NewSpaceValues) => {
    mutation.mutate(
      { name: values.name.trim(), adminIds: values.adminIds ?? [], isCompose: values.isCompose },
      {
        onSuccess: (space) => {
          toastSuccess(t('space.created'));
          onCreated(space);
        },
      },
    );
  };

  return (
    <FormModal
      open={open}
      title={t('dashboard.newSpace')}
      okText={t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        mutation.reset();
      }}
      keepOnMaskClick
    >
      <Form
        name="newSpace"
        form={form}
        layout="vertical"
        initialValues={{ name: '', adminIds: [], isCompose: false }}
        onFinish={handleFinish}
      >
        <Form.Item
          name="name"
          label={t('space.name')}
          required
          rules={[zodRule(SpaceAddRequest.shape.name, t)]}
        >
          <Input autoFocus maxLength={60} />
        </Form.Item>
        {isSuperAdmin ? (
          <Form.Item name="adminIds" label={t('space.admins')} extra={t('space.adminsHint')}>
            <UserSearchSelect />
          </Form.Item>
        ) : null}
        <Form.Item
          name="isCompose"
          label={t('space.isCompose')}
          extra={t('space.isComposeHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
