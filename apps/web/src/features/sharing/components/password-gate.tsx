import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { checkVisitorPassword, type VisitorKind } from '../visitor.api.ts';

/**
 * The password form of an encrypted share or composed project. The password is trimmed and must not be empty
 * ('Can not empty'); the server checks it and answers a session the page keeps as "verified".
 */
export function PasswordGate({
  kind,
  id,
  onVerified,
}: {
  kind: VisitorKind;
  id: string;
  onVerified(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [isChecking, setIsChecking] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    setIsChecking(true);
    try {
      await checkVisitorPassword(kind, id, password);
      onVerified();
    } catch (error) {
      form.setFields([
        { name: 'password', errors: [isApiError(error) ? error.message : t('common.requestError')] },
      ]);
    } finally {
      setIsChecking(false);
    }
  };

  return (
    <Card style={{ maxWidth: 400, margin: '12vh auto 0' }}>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        <LockOutlined aria-hidden="true" /> {t('sharing.passwordTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sharing.passwordHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="password"
          label={t('sharing.passwordLabel')}
          rules={[{ required: true, whitespace: true, message: t('validation.can_not_empty') }]}
        >
          <Input.Password autoFocus autoComplete="off" maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isChecking}>
          {t('sharing.open')}
        </Button>
      </Form>
    </Card>
  );
}
