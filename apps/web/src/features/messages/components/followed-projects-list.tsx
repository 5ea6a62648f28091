import type { SubscribedProject } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { followedProjectsQuery, useSetFollowingProject } from '../subscriptions.queries.ts';
import { ListItemMeta } from '../../../components/list-item-meta.tsx';

/** The projects the caller follows (all their docs, present and future), each with Unfollow. */
export function FollowedProjectsList() {
  const { t, i18n } = useTranslation();
  const projects = useQuery(followedProjectsQuery());
  const change = useSetFollowingProject();

  if (projects.isError && !projects.data) return <ErrorState onRetry={() => void projects.refetch()} />;

  return (
    <List<SubscribedProject>
      loading={projects.isPending}
      dataSource={projects.data ?? []}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subscription.emptyProjects')} />
        ),
      }}
      renderItem={(project) => (
        <List.Item
          actions={[
            <Popconfirm
              key="unfollow"
              title={t('subscription.unfollowConfirm')}
              onConfirm={() =>
                change
                  .mutateAsync({ projectId: project.sourceId, follow: false })
                  .then(() => toastSuccess(t('subscription.unfollowed')))
              }
            >
              <Button type="link" size="small">
                {t('subscription.unfollow')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <ListItemMeta
            title={<Link to={`/project/doc/${encodeURIComponent(project.sourceId)}`}>{project.name}</Link>}
            description={
              <Typography.Text type="secondary">
                {project.spaceName} · {t('subscription.since')}{' '}
                {formatDateTime(project.gmtModified, i18n.language)}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
