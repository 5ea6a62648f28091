import { HTTP_METHODS, type ModuleSetting } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Divider, Form, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { MockBaseCard } from '../../mock/components/mock-base-card.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { moduleSettingQuery, useUpdateModuleSetting } from '../modules.queries.ts';
import { PushTokenCard } from './push-token-card.tsx';

type SettingValues = Pick<
  ModuleSetting,
  'printPushContent' | 'pushOverride' | 'requireSignature' | 'allowDebug'
> & {
  allowMethods: string[];
};

function SettingsForm({ setting, canUpdate }: { setting: ModuleSetting; canUpdate: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingValues>();
  const mutation = useUpdateModuleSetting();

  const handleFinish = (values: SettingValues) => {
    mutation.mutate(
      {
        moduleId: setting.moduleId,
        printPushContent: values.printPushContent,
        pushOverride: values.pushOverride,
        requireSignature: values.requireSignature,
        allowDebug: values.allowDebug,
        swaggerSetting: {
          allowMethods: values.allowMethods as ModuleSetting['swaggerSetting']['allowMethods'],
        },
      },
      { onSuccess: () => toastSuccess(t('common.saved')) },
    );
  };

  return (
    <Form
      name="moduleSetting"
      form={form}
      layout="vertical"
      disabled={!canUpdate}
      style={{ maxWidth: 560 }}
      initialValues={{
        printPushContent: setting.printPushContent,
        pushOverride: setting.pushOverride,
        requireSignature: setting.requireSignature,
        allowDebug: setting.allowDebug,
        allowMethods: setting.swaggerSetting.allowMethods,
      }}
      onFinish={handleFinish}
    >
      {canUpdate ? null : (
        <Alert type="info" showIcon title={t('module.settingsReadOnly')} style={{ marginBottom: 16 }} />
      )}
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('module.pushSettings')}
      </Typography.Title>
      <Form.Item
        name="pushOverride"
        label={t('module.pushOverride')}
        extra={t('module.pushOverrideHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="printPushContent"
        label={t('module.printPushContent')}
        extra={t('module.printPushContentHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="requireSignature"
        label={t('push.requireSignature')}
        extra={t('push.requireSignatureHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('module.debugSettings')}
      </Typography.Title>
      <Form.Item
        name="allowDebug"
        label={t('module.allowDebug')}
        extra={t('module.allowDebugHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('module.swaggerSettings')}
      </Typography.Title>
      <Form.Item
        name="allowMethods"
        label={t('module.allowMethods')}
        extra={t('module.allowMethodsHint')}
        // A validator, not `required`: antd would put aria-required on the checkbox group's plain <div>, where
        // ARIA does not allow it (axe aria-allowed-attr); the hint and the message say it is needed.
        rules={[
          {
            validator: (_, value: string[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('module.allowMethodsRequired'))),
          },
        ]}
      >
        <Checkbox.Group options={HTTP_METHODS.map((method) => ({ value: method, label: method }))} />
      </Form.Item>
      {canUpdate ? (
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('common.save')}
          </Button>
        </Form.Item>
      ) : null}
    </Form>
  );
}

/**
 * The module settings tab: the push token (devs and admins), the application's mock base URL, then push
 * behaviour, debugging and swagger import, loaded and saved as one form.
 */
export function ModuleSettingsPanel({
  moduleId,
  canUpdate,
  canToken,
}: {
  moduleId: string;
  canUpdate: boolean;
  canToken: boolean;
}) {
  const setting = useQuery(moduleSettingQuery(moduleId));
  const token = (
    <>
      {canToken ? <PushTokenCard moduleId={moduleId} /> : null}
      <MockBaseCard moduleId={moduleId} />
    </>
  );
  if (setting.isPending)
    return (
      <>
        {token}
        <Skeleton active paragraph={{ rows: 6 }} />
      </>
    );
  if (setting.isError) return <ErrorState onRetry={() => void setting.refetch()} />;
  return (
    <>
      {token}
      <SettingsForm key={moduleId} setting={setting.data} canUpdate={canUpdate} />
    </>
  );
}
