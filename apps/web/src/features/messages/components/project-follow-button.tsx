import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { projectFollowQuery, useSetFollowingProject } from '../subscriptions.queries.ts';

/** Follow / stop following a project: its docs, present and future; each change of one sends a message. */
export function ProjectFollowButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const state = useQuery(projectFollowQuery(projectId));
  const change = useSetFollowingProject();
  const following = state.data === true;
  return (
    <Tooltip title={t('subscription.followProjectHint')}>
      <Button
        icon={following ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
        aria-pressed={following}
        loading={state.isPending || change.isPending}
        disabled={state.isError}
        onClick={() =>
          change.mutate(
            { projectId, follow: !following },
            { onSuccess: () => toastSuccess(t(following ? 'subscription.unfollowed' : 'reader.followed')) },
          )
        }
      >
        {following ? t('subscription.unfollowProject') : t('subscription.followProject')}
      </Button>
    </Tooltip>
  );
}
