import { UploadOutlined } from '@ant-design/icons';
import { I18nSaveRequest } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton, Space, Upload } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { loadBuiltinPack } from '../../../lib/builtin-packs.ts';
import { toastError, toastSuccess, toastWarning } from '../../../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { i18nPackQuery, useSaveI18nPack } from '../admin.queries.ts';
import { checkPackContent } from '../pack-content.ts';

interface PackValues {
  lang: string;
  description: string;
  content: string;
}

/**
 * Adds or replaces a language pack: a language tag (`zh-TW`; `en` or `zh-CN` override the built-in texts),
 * a description shown in language pickers, and the JSON content, pasted or read from an uploaded file.
 * The content is checked to be a JSON object before it is sent.
 */
export function LanguagePackModal({
  open,
  packId,
  onClose,
}: {
  open: boolean;
  /** The pack to edit; absent to add one. */
  packId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackValues>();
  const mutation = useSaveI18nPack();
  useRevalidateOnLanguageChange(form, mutation.reset);
  const pack = useQuery({ ...i18nPackQuery(packId ?? ''), enabled: open && packId !== undefined });

  useEffect(() => {
    if (pack.data)
      form.setFieldsValue({
        lang: pack.data.lang,
        description: pack.data.description,
        content: JSON.stringify(pack.data.content, null, 2),
      });
  }, [pack.data, form]);

  const fillFrom = async (lang: 'en' | 'zh-CN') => {
    const builtin = await loadBuiltinPack(lang);
    form.setFieldsValue({ content: JSON.stringify(builtin, null, 2) });
  };

  const contentRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const check = checkPackContent(value ?? '');
      if (check.ok) return;
      if (check.reason === 'empty') throw new Error(t('admin.packContentRequired'));
      if (check.reason === 'tooLarge') throw new Error(t('admin.packContentTooLarge'));
      if (check.reason === 'syntax') throw new Error(t('admin.packContentSyntax', { 0: check.detail ?? '' }));
      throw new Error(t('admin.packContentNotObject'));
    },
  };

  const isLoading = packId !== undefined && pack.isPending;

  return (
    <FormModal
      open={open}
      width={720}
      title={packId ? t('admin.editPack') : t('admin.addPack')}
      okText={t('common.save')}
      saving={mutation}
      onOk={() => form.submit()}
      okDisabled={isLoading}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
      keepOnMaskClick
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form
          name="languagePack"
          form={form}
          layout="vertical"
          initialValues={{ lang: '', description: '', content: '' }}
          onFinish={(values) => {
            const check = checkPackContent(values.content);
            if (!check.ok) return;
            mutation.mutate(
              { lang: values.lang.trim(), description: values.description.trim(), content: check.content },
              {
                onSuccess: (result) => {
                  // An incomplete pack is saved; the admin learns which texts still fall back.
                  if (result.missingCount > 0) {
                    const shown = result.missingKeys.slice(0, 5).join(', ');
                    const more = result.missingCount > 5 ? ' …' : '';
                    toastWarning(t('packCheck.missing', { 0: result.missingCount, 1: `${shown}${more}` }));
                  } else toastSuccess(t('common.saved'));
                  if (result.unknownCount > 0)
                    toastWarning(t('packCheck.unknown', { 0: result.unknownCount }));
                  onClose();
                },
              },
            );
          }}
        >
          <Form.Item
            name="lang"
            label={t('admin.packLang')}
            required
            extra={t('admin.packLangHint')}
            rules={[zodRule(I18nSaveRequest.shape.lang, t)]}
          >
            <Input disabled={packId !== undefined} placeholder="zh-TW" style={{ maxWidth: 220 }} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('admin.packDescription')}
            required
            extra={t('admin.packDescriptionHint')}
            rules={[zodRule(I18nSaveRequest.shape.description, t)]}
          >
            <Input placeholder="繁體中文" style={{ maxWidth: 320 }} />
          </Form.Item>
          <Space wrap style={{ marginBottom: 8 }}>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                file
                  .text()
                  .then((text) => {
                    form.setFieldsValue({ content: text });
                    void form.validateFields(['content']);
                  })
                  .catch(() => toastError(t('admin.packReadFailed')));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('admin.packUpload')}</Button>
            </Upload>
            <Button onClick={() => void fillFrom('en')}>{t('admin.packFillEn')}</Button>
            <Button onClick={() => void fillFrom('zh-CN')}>{t('admin.packFillZh')}</Button>
          </Space>
          <Form.Item
            name="content"
            label={t('admin.packContent')}
            required
            extra={t('admin.packContentHint')}
            rules={[contentRule]}
          >
            <Input.TextArea
              autoSize={{ minRows: 10, maxRows: 20 }}
              spellCheck={false}
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
            />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
