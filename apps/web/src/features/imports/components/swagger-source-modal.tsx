import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { moduleSourceQuery, useUpdateModuleSource } from '../imports.queries.ts';
import { REFRESH_CHOICES } from './import-modal.tsx';

interface Values {
  url: string;
  authUsername: string;
  authPassword: string;
  refreshMinutes: number;
}

/**
 * The swagger settings of an imported application: URL, basic-auth user and password (stored encrypted; the
 * field stays empty and an empty field keeps the stored one) and the refresh interval.
 */
export function SwaggerSourceModal({
  open,
  moduleId,
  canUpdate,
  onClose,
}: {
  open: boolean;
  moduleId: string;
  canUpdate: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const source = useQuery({ ...moduleSourceQuery(moduleId), enabled: open });
  const update = useUpdateModuleSource();
  const data = source.data;

  const save = (values: Values) => {
    update.mutate(
      {
        moduleId,
        url: data?.hasContent && !values.url.trim() ? undefined : values.url.trim(),
        authUsername: values.authUsername,
        // Empty keeps the stored password; the password itself is never sent back to the browser.
        authPassword: values.authPassword ? values.authPassword : undefined,
        refreshMinutes: values.refreshMinutes,
      },
      {
        onSuccess: () => {
          toastSuccess(t('common.saved'));
          onClose();
        },
      },
    );
  };

  const label = (minutes: number) =>
    minutes === 0
      ? t('imports.refreshNever')
      : minutes === 1440
        ? t('imports.refreshDay')
        : minutes >= 60
          ? t('imports.refreshHours', { 0: minutes / 60 })
          : t('imports.refreshMinutes', { 0: minutes });

  return (
    <Modal
      open={open}
      title={t('imports.settingsTitle')}
      okText={t('common.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: update.isPending, disabled: !canUpdate || !data }}
      onCancel={onClose}
      afterClose={() => update.reset()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('imports.settingsHint')}</Typography.Paragraph>
      {update.error ? (
        <Alert type="error" showIcon role="alert" title={update.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      {!data ? (
        <Skeleton active />
      ) : (
        <Form
          name="swagger-source"
          form={form}
          layout="vertical"
          disabled={!canUpdate}
          onFinish={save}
          initialValues={{
            url: data.url,
            authUsername: data.authUsername,
            authPassword: '',
            refreshMinutes: REFRESH_CHOICES.includes(data.refreshMinutes as (typeof REFRESH_CHOICES)[number])
              ? data.refreshMinutes
              : 0,
          }}
        >
          {data.hasContent ? (
            <Alert
              type="info"
              showIcon
              title={data.fileName ? t('imports.savedText', { 0: data.fileName }) : t('imports.savedPasted')}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form.Item
            name="url"
            label={t('imports.url')}
            rules={[{ required: !data.hasContent, type: 'url', message: t('imports.urlInvalid') }]}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
          <Form.Item name="authUsername" label={t('imports.authUsername')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="authPassword"
            label={t('imports.authPassword')}
            extra={data.hasPassword ? t('imports.passwordKept') : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {/* Scheduled re-imports fetch the URL; saved text never changes by itself. */}
          <Form.Item noStyle shouldUpdate={(a, b) => a.url !== b.url}>
            {({ getFieldValue }) => (
              <Form.Item name="refreshMinutes" label={t('imports.refresh')}>
                <Select
                  disabled={!String(getFieldValue('url') ?? '').trim()}
                  options={REFRESH_CHOICES.map((m) => ({ value: m, label: label(m) }))}
                />
              </Form.Item>
            )}
          </Form.Item>
          <Typography.Text type="secondary">
            {t('imports.lastSync')}:{' '}
            {data.lastSyncTime ? formatDateTime(data.lastSyncTime, i18n.language) : '-'}
            {data.nextSyncTime
              ? ` · ${t('imports.nextSync')}: ${formatDateTime(data.nextSyncTime, i18n.language)}`
              : ''}
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
