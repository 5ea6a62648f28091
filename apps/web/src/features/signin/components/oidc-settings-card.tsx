import type { OidcSettings, OidcSettingsUpdateRequest } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { oidcSettingsQuery, useUpdateOidcSettings } from '../signin.queries.ts';
import { lockedHint } from './locked-hint.ts';

type OidcValues = Required<Omit<OidcSettingsUpdateRequest, 'enabled'>> & { enabled: boolean };

function initialValues(settings: OidcSettings): OidcValues {
  return {
    enabled: settings.enabled,
    issuer: settings.issuer,
    clientId: settings.clientId,
    clientSecret: '',
    scopes: settings.scopes,
    buttonText: settings.buttonText,
  };
}

/** The OpenID Connect settings, with the redirect URI to register at the provider. */
export function OidcSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery(oidcSettingsQuery());
  const update = useUpdateOidcSettings();
  const [form] = Form.useForm<OidcValues>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(initialValues(settings.data));
  }, [settings.data, form]);

  const data = settings.data;
  const locked = data?.lockedFields ?? [];
  const hint = (field: string, fallback?: string) => lockedHint(t, 'oidc', field, locked) ?? fallback;
  const isLocked = (field: string) => locked.includes(field);

  return (
    <Card title={t('signin.oidcTitle')}>
      <p style={{ marginTop: 0 }}>{t('signin.oidcIntro')}</p>
      {settings.isPending ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
      {settings.isError ? <ErrorState onRetry={() => void settings.refetch()} /> : null}
      {data ? (
        <Form
          name="oidcSettings"
          form={form}
          layout="vertical"
          initialValues={initialValues(data)}
          style={{ maxWidth: 640 }}
          onFinish={(values) => {
            const { clientSecret, ...rest } = values;
            update.mutate(
              { ...rest, ...(clientSecret ? { clientSecret } : {}) },
              { onSuccess: () => toastSuccess(t('signin.saved')) },
            );
          }}
        >
          <Form.Item
            name="enabled"
            label={t('signin.enabled')}
            valuePropName="checked"
            extra={hint('enabled')}
          >
            <Switch disabled={isLocked('enabled')} aria-label={t('signin.enabled')} />
          </Form.Item>
          <Form.Item name="issuer" label={t('signin.issuer')} extra={hint('issuer')}>
            <Input disabled={isLocked('issuer')} placeholder="https://sso.example.com/realms/company" />
          </Form.Item>
          <Form.Item name="clientId" label={t('signin.clientId')} extra={hint('clientId')}>
            <Input disabled={isLocked('clientId')} autoComplete="off" />
          </Form.Item>
          <Form.Item name="clientSecret" label={t('signin.clientSecret')} extra={hint('clientSecret')}>
            <Input.Password
              disabled={isLocked('clientSecret')}
              autoComplete="new-password"
              placeholder={data.hasClientSecret ? t('signin.clientSecretKept') : undefined}
            />
          </Form.Item>
          <Form.Item name="scopes" label={t('signin.scopes')} extra={hint('scopes')}>
            <Input disabled={isLocked('scopes')} />
          </Form.Item>
          <Form.Item name="buttonText" label={t('signin.buttonText')} extra={hint('buttonText')}>
            <Input disabled={isLocked('buttonText')} />
          </Form.Item>
          <Form.Item label={t('signin.redirectUri')}>
            <Typography.Text code copyable>
              {data.redirectUri}
            </Typography.Text>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
