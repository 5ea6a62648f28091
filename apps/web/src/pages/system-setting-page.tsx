import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { SystemSettingForm } from '../features/user/components/system-setting-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/user/systemSetting`. */
export function SystemSettingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('user.systemSetting'));
  return (
    <>
      <PageHeader title={t('user.systemSetting')} />
      <SystemSettingForm />
    </>
  );
}
