import { isHookUrl, ReleaseLimits } from '@quire/shared';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useAddRelease } from '../releases.queries.ts';

interface Values {
  releaseNo: string;
  releaseDesc?: string;
  valid: boolean;
  dingdingWebhook?: string;
  weComWebhook?: string;
}

/** Creates a release of every doc of the project as it is now (the server freezes their revisions). */
export function ReleaseFormModal({
  projectId,
  open,
  onClose,
  onCreated,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (releaseNo: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddRelease();
  const submit = async () => {
    const values = await form.validateFields();
    const dingdingWebhook = values.dingdingWebhook?.trim();
    const weComWebhook = values.weComWebhook?.trim();
    const release = await add.mutateAsync({
      projectId,
      releaseNo: values.releaseNo.trim(),
      releaseDesc: values.releaseDesc?.trim() ?? '',
      status: values.valid ? 1 : 0,
      ...(dingdingWebhook && { dingdingWebhook }),
      ...(weComWebhook && { weComWebhook }),
    });
    onCreated(release.releaseNo);
  };
  return (
    <FormModal
      open={open}
      title={t('releases.create')}
      okText={t('common.create')}
      saving={add}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        add.reset();
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ valid: true }} onFinish={() => void submit()}>
        <Form.Item
          name="releaseNo"
          label={t('releases.releaseNo')}
          rules={[
            { required: true, whitespace: true, max: 20, message: t('validation.required_max', { 0: 20 }) },
          ]}
        >
          <Input autoFocus placeholder="1.0.0" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="releaseDesc"
          label={t('releases.releaseDesc')}
          rules={[{ max: 200, message: t('validation.max', { 0: 200 }) }]}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
        <Form.Item name="valid" label={t('releases.valid')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {/* Torna's per-release robots; checked as an application robot's URL is (the server checks again). */}
        {(['dingdingWebhook', 'weComWebhook'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(name === 'dingdingWebhook' ? 'releases.dingtalkRobot' : 'releases.wecomRobot')}
            extra={name === 'weComWebhook' ? t('releases.robotHint') : undefined}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const url = value?.trim() ?? '';
                  if (url.length > ReleaseLimits.webhookMax)
                    throw new Error(t('validation.max', { 0: ReleaseLimits.webhookMax }));
                  if (url && !isHookUrl(url)) throw new Error(t('validation.url'));
                },
              },
            ]}
          >
            <Input
              inputMode="url"
              maxLength={ReleaseLimits.webhookMax}
              placeholder={
                name === 'dingdingWebhook'
                  ? 'https://oapi.dingtalk.com/robot/send?access_token=…'
                  : 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…'
              }
            />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
