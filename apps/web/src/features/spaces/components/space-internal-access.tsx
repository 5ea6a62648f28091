import { Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { useSetSpaceInternalAccess } from '../spaces.queries.ts';

/**
 * The super admin's switch of a space's internal network access: whether its debug proxy, swagger URL imports
 * and webhooks may reach the internal hosts the server's QUIRE_FETCH_ALLOW_HOSTS opens. The server answers the
 * setting to super admins only, so the card shows only when it is there; the server refuses anyone else.
 */
export function SpaceInternalAccess({ spaceId, enabled }: { spaceId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const mutation = useSetSpaceInternalAccess(spaceId);
  return (
    <Card title={t('space.internalAccess')} style={{ marginTop: 16 }}>
      <Space orientation="vertical">
        <Space>
          <Switch
            checked={mutation.isPending ? mutation.variables : enabled}
            loading={mutation.isPending}
            aria-label={t('space.internalAccess')}
            aria-describedby="space-internal-access-hint"
            data-testid="space-internal-access"
            onChange={(checked) =>
              mutation.mutate(checked, {
                onSuccess: () =>
                  toastSuccess(checked ? t('space.internalAccessOn') : t('space.internalAccessOff')),
              })
            }
          />
          <Typography.Text>
            {enabled ? t('space.internalAccessGranted') : t('space.internalAccessNotGranted')}
          </Typography.Text>
        </Space>
        <Typography.Text type="secondary" id="space-internal-access-hint">
          {t('space.internalAccessHint')}
        </Typography.Text>
      </Space>
    </Card>
  );
}
