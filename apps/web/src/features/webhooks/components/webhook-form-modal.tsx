import {
  WEBHOOK_EVENTS,
  WEBHOOK_KINDS,
  type Webhook,
  type WebhookEvent,
  type WebhookKind,
  WebhookLimits,
  type WebhookSaved,
  WebhookSecret,
  WebhookUrl,
} from '@quire/shared';
import { Checkbox, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { translateMessage, useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { EVENT_LABEL, KIND_LABEL, PLACEHOLDERS } from '../webhook-labels.ts';
import type { WebhookScope } from '../webhooks.api.ts';
import { useAddWebhook, useUpdateWebhook } from '../webhooks.queries.ts';

interface WebhookValues {
  kind: WebhookKind;
  url: string;
  secret: string;
  events: WebhookEvent[];
  template: string;
  enabled: boolean;
}

/** Adds or edits a webhook; the answer's one-time secret (generic hooks) goes to `onSecret`. */
export function WebhookFormModal({
  open,
  scope,
  webhook,
  onClose,
  onSecret,
}: {
  open: boolean;
  scope: WebhookScope;
  webhook?: Webhook;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookValues>();
  const add = useAddWebhook();
  const update = useUpdateWebhook();
  const mutation = webhook ? update : add;
  useRevalidateOnLanguageChange(form, mutation.reset);
  const kind = Form.useWatch('kind', form);

  const handleFinish = (values: WebhookValues) => {
    const body = {
      kind: values.kind,
      url: values.url.trim(),
      secret: values.secret.trim(),
      events: values.events,
      template: values.template,
      enabled: values.enabled,
    };
    const done = (saved: WebhookSaved) => {
      toastSuccess(t('webhook.saved'));
      onClose();
      if (saved.secret) onSecret(saved.secret);
    };
    if (webhook) update.mutate({ id: webhook.id, ...body }, { onSuccess: done });
    else add.mutate({ ...scope, ...body }, { onSuccess: done });
  };

  return (
    <FormModal
      open={open}
      title={webhook ? t('webhook.edit') : t('webhook.add')}
      okText={webhook ? t('common.save') : t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        add.reset();
        update.reset();
      }}
      width={640}
    >
      <Form
        name="webhook"
        form={form}
        layout="vertical"
        initialValues={{
          kind: webhook?.kind ?? 'dingtalk',
          url: '',
          secret: '',
          events: webhook?.events ?? ['doc.add', 'doc.update', 'doc.delete'],
          template: webhook?.template ?? '',
          enabled: webhook?.enabled ?? true,
        }}
        onFinish={handleFinish}
      >
        <Form.Item name="kind" label={t('webhook.kind')} required>
          <Select
            options={WEBHOOK_KINDS.map((value) => ({ value, label: t(KIND_LABEL[value]) }))}
            aria-label={t('webhook.kind')}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('webhook.url')}
          required={!webhook}
          extra={webhook ? `${t('webhook.urlKeep')}: ${webhook.urlHint}` : undefined}
          rules={[
            {
              // Editing: empty keeps the saved URL.
              validator: async (_rule, value: string | undefined) => {
                if (webhook && !value) return;
                const result = WebhookUrl.safeParse(value ?? '');
                if (!result.success)
                  throw new Error(translateMessage(t, result.error.issues[0]?.message ?? 'validation.url'));
              },
            },
          ]}
        >
          <Input
            placeholder="https://oapi.dingtalk.com/robot/send?access_token=…"
            inputMode="url"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('webhook.secret')}
          extra={webhook?.hasSecret ? t('webhook.secretKeep') : t('webhook.secretHint')}
          rules={[zodRule(WebhookSecret, t)]}
        >
          <Input.Password autoComplete="new-password" disabled={kind === 'wecom' || kind === 'slack'} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhook.events')}
          required
          rules={[{ type: 'array', min: 1, message: t('validation.invalid') }]}
        >
          <Checkbox.Group
            options={WEBHOOK_EVENTS.map((value) => ({
              value,
              label: t(EVENT_LABEL[value]),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="template"
          label={t('webhook.template')}
          extra={t('webhook.templateHint', PLACEHOLDERS)}
        >
          <Input.TextArea
            rows={6}
            maxLength={WebhookLimits.templateMax}
            placeholder={t('notify.defaultTemplate', PLACEHOLDERS)}
            disabled={kind === 'generic'}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('webhook.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
