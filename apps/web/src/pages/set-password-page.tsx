import { useTranslation } from 'react-i18next';
import { FormHeading } from '../features/auth/components/form-heading.tsx';
import { SetPasswordForm } from '../features/auth/components/set-password-form.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/setPassword`: where a first login (status 2, or code 2000) is sent. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.setPasswordTitle'));
  return (
    <AuthLayout>
      <FormHeading title={t('auth.setPasswordTitle')} />
      <SetPasswordForm />
    </AuthLayout>
  );
}
