import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { AccountInfoCard } from '../features/user/components/account-info-card.tsx';
import { AccountOverviewCard } from '../features/user/components/account-overview-card.tsx';
import { profileQuery } from '../features/user/user.queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './user-info-page.module.css';

/** `/user`: account info and overview. */
export function UserInfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('user.accountInfo'));
  const profile = useQuery(profileQuery());

  return (
    <>
      <PageHeader title={t('user.accountInfo')} />
      {profile.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {profile.isError ? <ErrorState onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? (
        <div className={styles.cards}>
          <AccountInfoCard profile={profile.data} />
          <AccountOverviewCard profile={profile.data} />
        </div>
      ) : null}
    </>
  );
}
