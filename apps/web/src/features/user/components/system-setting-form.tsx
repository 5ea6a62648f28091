import { BUILTIN_LANGS, StorageKeys } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { changeAppLanguage } from '../../../lib/language.ts';
import { readFlag, writeFlag } from '../../../lib/storage.ts';
import { readThemeChoice, setThemeChoice, type ThemeChoice } from '../../../lib/theme.ts';
import { languagesQuery } from '../../system/system.queries.ts';

interface SettingValues {
  lang: string;
  docTabSwitch: boolean;
  theme: ThemeChoice;
}

/**
 * Base settings: the language (built-in ones plus the server's uploaded packs), the colour theme (this
 * browser's) and the doc-tab switch.
 * Saving applies at once, without the page reload Torna needed.
 */
export function SystemSettingForm() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SettingValues>();
  const [isSaving, setIsSaving] = useState(false);
  const languages = useQuery(languagesQuery());

  const options = new Map<string, string>(BUILTIN_LANGS.map((l) => [l.lang, l.description]));
  for (const option of languages.data ?? [])
    if (!options.has(option.lang)) options.set(option.lang, option.description);
  if (!options.has(i18n.language)) options.set(i18n.language, i18n.language);

  const handleFinish = async ({ lang, docTabSwitch, theme }: SettingValues) => {
    setIsSaving(true);
    try {
      writeFlag(StorageKeys.docViewTabSwitch, docTabSwitch);
      setThemeChoice(theme);
      if (lang !== i18n.language) await changeAppLanguage(lang);
      toastSuccess(i18n.t('common.saved'));
    } catch {
      // The API client already showed what failed.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        initialValues={{
          lang: i18n.language,
          docTabSwitch: readFlag(StorageKeys.docViewTabSwitch, true),
          theme: readThemeChoice(),
        }}
        onFinish={handleFinish}
      >
        <Form.Item name="lang" label={t('common.language')} extra={t('user.languageTip')}>
          <Select
            loading={languages.isPending}
            options={[...options].map(([value, label]) => ({
              value,
              label: value === label ? value : `${label} (${value})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="theme" label={t('theme.label')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'system', label: t('theme.system') },
              { value: 'light', label: t('theme.light') },
              { value: 'dark', label: t('theme.dark') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="docTabSwitch"
          label={t('user.docTabSwitch')}
          extra={t('user.docTabSwitchTip')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
