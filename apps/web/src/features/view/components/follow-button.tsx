import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { subscriptionKeys } from '../../messages/subscriptions.queries.ts';
import { isFollowing, setFollowing } from '../view.api.ts';
import { viewKeys } from '../view.queries.ts';

/** Follow / stop following a doc (`/user/subscribe/doc/*`): followers get a message for each change of it. */
export function FollowButton({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = viewKeys.following(docId);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => isFollowing(docId, { signal, silent: true }),
  });
  const change = useMutation({
    mutationFn: (follow: boolean) => setFollowing(docId, follow),
    onSuccess: (_, follow) => {
      queryClient.setQueryData(key, follow);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      toastSuccess(t(follow ? 'reader.followed' : 'reader.unfollowed'));
    },
  });
  const following = state.data === true;
  return (
    <Button
      icon={following ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      aria-pressed={following}
      loading={state.isPending || change.isPending}
      disabled={state.isError}
      onClick={() => change.mutate(!following)}
    >
      {following ? t('reader.following') : t('reader.follow')}
    </Button>
  );
}
