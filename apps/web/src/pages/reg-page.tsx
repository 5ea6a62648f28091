import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { FormHeading } from '../features/auth/components/form-heading.tsx';
import { RegForm } from '../features/auth/components/reg-form.tsx';
import { viewConfigQuery } from '../features/system/system.queries.ts';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/reg`: the form when registration is open, otherwise an explanation and the way back to login. */
export function RegPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.regTitle'));
  const viewConfig = useQuery(viewConfigQuery());

  let body: ReactNode;
  if (viewConfig.isPending) body = <PageSpinner />;
  else if (viewConfig.isError) body = <ErrorState onRetry={() => void viewConfig.refetch()} />;
  else if (!viewConfig.data.enableReg) {
    body = (
      <Result
        status="info"
        title={t('auth.regTitle')}
        subTitle={t('auth.regClosed')}
        extra={
          <ButtonLink type="primary" to="/login">
            {t('auth.backToLogin')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        <FormHeading title={t('auth.regTitle')} />
        <RegForm />
      </>
    );
  }

  return <AuthLayout>{body}</AuthLayout>;
}
