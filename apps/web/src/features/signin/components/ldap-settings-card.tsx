import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { LdapSettings, LdapSettingsUpdateRequest, LdapTestResult, Role } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Skeleton, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { useRoleOptions } from '../../../components/role-tag.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { spacesQuery } from '../../spaces/spaces.queries.ts';
import { ldapSettingsQuery, useTestLdapConnection, useUpdateLdapSettings } from '../signin.queries.ts';
import { lockedHint } from './locked-hint.ts';

interface LdapValues {
  enabled: boolean;
  url: string;
  startTls: boolean;
  bindDn: string;
  bindPassword: string;
  clearBindPassword: boolean;
  baseDn: string;
  userFilter: string;
  usernameAttribute: string;
  nameAttribute: string;
  mailAttribute: string;
  groupFilter: string;
  adminGroup: string;
  spaceRoles: Array<{ group: string; spaceId: string; role: Role }>;
  testUsername: string;
}

function initialValues(settings: LdapSettings): LdapValues {
  return {
    enabled: settings.enabled,
    url: settings.url,
    startTls: settings.startTls,
    bindDn: settings.bindDn,
    bindPassword: '',
    clearBindPassword: false,
    baseDn: settings.baseDn,
    userFilter: settings.userFilter,
    usernameAttribute: settings.usernameAttribute,
    nameAttribute: settings.nameAttribute,
    mailAttribute: settings.mailAttribute,
    groupFilter: settings.groupFilter,
    adminGroup: settings.adminGroup,
    spaceRoles: settings.spaceRoles,
    testUsername: '',
  };
}

function bodyOf(values: LdapValues): LdapSettingsUpdateRequest {
  const { testUsername: _unused, bindPassword, ...rest } = values;
  return { ...rest, ...(bindPassword ? { bindPassword } : {}) };
}

/** What a successful connection test found, in words. */
function TestSummary({ result }: { result: LdapTestResult }) {
  const { t } = useTranslation();
  const stepNames: Record<string, string> = {
    connect: t('signin.stepConnect'),
    starttls: t('signin.stepStarttls'),
    bind: t('signin.stepBind'),
    base: t('signin.stepBase'),
    user: t('signin.stepUser'),
    groups: t('signin.stepGroups'),
  };
  const user = result.user;
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={t('signin.testOk', { 0: result.steps.map((s) => stepNames[s] ?? s).join(' → ') })}
      description={
        user
          ? t('signin.testUser', {
              0: user.dn,
              1: user.nickname || user.username,
              2: user.email || '—',
              3: user.groups.filter((g) => !g.includes('=')).join(', ') || t('signin.testNoGroups'),
            })
          : undefined
      }
    />
  );
}

/** The LDAP settings: saved explicitly; the connection test uses the values as typed. */
export function LdapSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery(ldapSettingsQuery());
  const spaces = useQuery(spacesQuery());
  const roleOptions = useRoleOptions();
  const update = useUpdateLdapSettings();
  const test = useTestLdapConnection();
  const [form] = Form.useForm<LdapValues>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(initialValues(settings.data));
  }, [settings.data, form]);

  const body = (
    <>
      {settings.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {settings.isError ? <ErrorState onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <LdapForm
          settings={settings.data}
          form={form}
          spaceOptions={(spaces.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          roleOptions={roleOptions}
          saving={update.isPending}
          testing={test.isPending}
          onSave={(values) =>
            update.mutate(bodyOf(values), {
              onSuccess: () => toastSuccess(t('signin.saved')),
            })
          }
          onTest={() => {
            const values = form.getFieldsValue(true) as LdapValues;
            test.mutate({ ...bodyOf(values), testUsername: values.testUsername.trim() || undefined });
          }}
        />
      ) : null}
      {test.error ? (
        <Alert type="error" showIcon role="alert" title={test.error.message} style={{ marginTop: 16 }} />
      ) : null}
      {test.data ? (
        <div style={{ marginTop: 16 }}>
          <TestSummary result={test.data} />
        </div>
      ) : null}
    </>
  );
  return (
    <Card title={t('signin.ldapTitle')}>
      <p style={{ marginTop: 0 }}>{t('signin.ldapIntro')}</p>
      {body}
    </Card>
  );
}

interface LdapFormProps {
  settings: LdapSettings;
  form: ReturnType<typeof Form.useForm<LdapValues>>[0];
  spaceOptions: Array<{ value: string; label: string }>;
  roleOptions: Array<{ value: Role; label: string }>;
  saving: boolean;
  testing: boolean;
  onSave: (values: LdapValues) => void;
  onTest: () => void;
}

function LdapForm({
  settings,
  form,
  spaceOptions,
  roleOptions,
  saving,
  testing,
  onSave,
  onTest,
}: LdapFormProps) {
  const { t } = useTranslation();
  const locked = settings.lockedFields;
  const hint = (field: string, fallback?: string) => lockedHint(t, 'ldap', field, locked) ?? fallback;
  const isLocked = (field: string) => locked.includes(field);
  return (
    <Form
      name="ldapSettings"
      form={form}
      layout="vertical"
      initialValues={initialValues(settings)}
      onFinish={onSave}
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="enabled" label={t('signin.enabled')} valuePropName="checked" extra={hint('enabled')}>
        <Switch disabled={isLocked('enabled')} aria-label={t('signin.enabled')} />
      </Form.Item>
      <Form.Item name="url" label={t('signin.url')} extra={hint('url', t('signin.urlHint'))}>
        <Input disabled={isLocked('url')} placeholder="ldap://ldap.example.com:389" />
      </Form.Item>
      <Form.Item name="startTls" valuePropName="checked">
        <Checkbox>{t('signin.startTls')}</Checkbox>
      </Form.Item>
      <Form.Item name="bindDn" label={t('signin.bindDn')} extra={hint('bindDn', t('signin.bindDnHint'))}>
        <Input disabled={isLocked('bindDn')} autoComplete="off" />
      </Form.Item>
      <Form.Item name="bindPassword" label={t('signin.bindPassword')} extra={hint('bindPassword')}>
        <Input.Password
          disabled={isLocked('bindPassword')}
          autoComplete="new-password"
          placeholder={settings.hasBindPassword ? t('signin.bindPasswordKept') : undefined}
        />
      </Form.Item>
      {settings.hasBindPassword && !isLocked('bindPassword') ? (
        <Form.Item name="clearBindPassword" valuePropName="checked">
          <Checkbox>{t('signin.clearBindPassword')}</Checkbox>
        </Form.Item>
      ) : null}
      <Form.Item name="baseDn" label={t('signin.baseDn')} extra={hint('baseDn')}>
        <Input disabled={isLocked('baseDn')} placeholder="ou=people,dc=example,dc=com" />
      </Form.Item>
      <Form.Item
        name="userFilter"
        label={t('signin.userFilter')}
        extra={hint('userFilter', t('signin.userFilterHint'))}
      >
        <Input disabled={isLocked('userFilter')} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="usernameAttribute" label={t('signin.usernameAttribute')}>
          <Input />
        </Form.Item>
        <Form.Item name="nameAttribute" label={t('signin.nameAttribute')}>
          <Input />
        </Form.Item>
        <Form.Item name="mailAttribute" label={t('signin.mailAttribute')}>
          <Input />
        </Form.Item>
      </Space>
      <Form.Item name="groupFilter" label={t('signin.groupFilter')} extra={t('signin.groupFilterHint')}>
        <Input />
      </Form.Item>
      <Form.Item
        name="adminGroup"
        label={t('signin.adminGroup')}
        extra={hint('adminGroup', t('signin.adminGroupHint'))}
      >
        <Input disabled={isLocked('adminGroup')} />
      </Form.Item>
      <Form.Item label={t('signin.spaceRoles')}>
        <Form.List name="spaceRoles">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'group']}
                    rules={[{ required: true, message: t('signin.spaceRoleGroup') }]}
                  >
                    <Input aria-label={t('signin.spaceRoleGroup')} placeholder={t('signin.spaceRoleGroup')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'spaceId']}
                    rules={[{ required: true, message: t('signin.spaceRoleSpace') }]}
                  >
                    <Select
                      aria-label={t('signin.spaceRoleSpace')}
                      placeholder={t('signin.spaceRoleSpace')}
                      options={spaceOptions}
                      style={{ width: 180 }}
                      showSearch={{ optionFilterProp: 'label' }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'role']}>
                    <Select
                      aria-label={t('signin.spaceRoleRole')}
                      options={roleOptions}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('signin.removeSpaceRole')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ group: '', spaceId: undefined, role: 'dev' })}
              >
                {t('signin.addSpaceRole')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="testUsername" label={t('signin.testUsername')}>
        <Input autoComplete="off" style={{ maxWidth: 280 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
        <Button onClick={onTest} loading={testing}>
          {t('signin.testConnection')}
        </Button>
      </Space>
    </Form>
  );
}
