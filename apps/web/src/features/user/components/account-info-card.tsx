import { type UserProfile, UserUpdateRequest } from '@quire/shared';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { useUpdateProfile } from '../user.queries.ts';

interface ProfileValues {
  nickname: string;
  email: string;
}

/** Base info: the login account (fixed) and the editable nickname and email. */
export function AccountInfoCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  useRevalidateOnLanguageChange(form);
  const mutation = useUpdateProfile();
  const fields = UserUpdateRequest.shape;

  const handleFinish = ({ nickname, email }: ProfileValues) => {
    mutation.mutate({ nickname, email: email.trim() }, { onSuccess: () => toastSuccess(t('common.saved')) });
  };

  return (
    <Card title={t('user.baseInfo')}>
      {mutation.error ? (
        <Alert
          type="error"
          showIcon
          title={mutation.error.message}
          role="alert"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 420 }}
        initialValues={{ nickname: profile.nickname, email: profile.email }}
        onFinish={handleFinish}
      >
        {/* No `name` (it is not sent), so the label is tied to the field by hand. */}
        <Form.Item label={t('user.loginAccount')} htmlFor="account-login-name">
          <Input id="account-login-name" value={profile.username} disabled />
        </Form.Item>
        <Form.Item name="nickname" label={t('user.nickname')} required rules={[zodRule(fields.nickname, t)]}>
          <Input autoComplete="nickname" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('user.email')}
          rules={[zodRule(fields.email, t), { type: 'email', message: t('validation.email') }]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
