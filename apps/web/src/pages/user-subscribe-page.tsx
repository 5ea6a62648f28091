import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { FollowedDocsTable } from '../features/messages/components/followed-docs-table.tsx';
import { FollowedProjectsList } from '../features/messages/components/followed-projects-list.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/user/subscribe/doc`: the projects and docs the caller follows, with Unfollow. */
export function UserSubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('subscription.title'));

  return (
    <>
      <PageHeader title={t('subscription.title')} description={t('subscription.followProjectHint')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
              {t('subscription.projects')}
            </Typography.Title>
          }
        >
          <FollowedProjectsList />
        </Card>
        <Card
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
              {t('subscription.docs')}
            </Typography.Title>
          }
          styles={{ body: { padding: 0 } }}
        >
          <FollowedDocsTable />
        </Card>
      </Space>
    </>
  );
}
