import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { spacesQuery } from '../spaces.queries.ts';
import styles from './space-list.module.css';

/** The dashboard's spaces: skeleton cards while loading, Retry on failure, an explained empty state. */
export function SpaceList() {
  const { t } = useTranslation();
  const spaces = useQuery(spacesQuery());

  if (spaces.isPending) {
    return (
      <div className={styles.grid} aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Card key={key}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (spaces.isError) return <ErrorState onRetry={() => void spaces.refetch()} />;

  // Space cards join here with the server's space list; today every account sees none.
  return (
    <Card className={styles.emptyCard}>
      <Empty
        description={
          <>
            <Typography.Title level={2} className={styles.emptyTitle}>
              {t('dashboard.emptyTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.emptyText')}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
