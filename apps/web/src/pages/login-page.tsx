import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { removeToken } from '../lib/storage.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/login`. Opening it ends any session left in this browser, as Torna did, and drops its cached data. */
export function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentTitle(t('auth.loginTitle'));

  useEffect(() => {
    removeToken();
    // Keep the public settings (registration switch); everything else belonged to the previous account.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'system' });
  }, [queryClient]);

  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
}
