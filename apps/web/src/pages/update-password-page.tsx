import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { UpdatePasswordForm } from '../features/auth/components/update-password-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/updatePassword`, inside the main layout and the user centre menu. */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.updatePasswordTitle'));
  return (
    <>
      <PageHeader title={t('auth.updatePasswordTitle')} />
      <Card>
        <UpdatePasswordForm />
      </Card>
    </>
  );
}
