import type { UserProfile } from '@quire/shared';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { sourceLabelKey } from '../user-source.ts';

/** Overview: when and how the account was created, and whether it is a super admin. */
export function AccountOverviewCard({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('user.overview')}>
      <Descriptions
        column={1}
        items={[
          {
            key: 'regTime',
            label: t('user.regTime'),
            children: formatDateTime(profile.gmtCreate, i18n.language),
          },
          { key: 'source', label: t('user.source'), children: t(sourceLabelKey(profile.source)) },
          {
            key: 'superAdmin',
            label: t('user.superAdmin'),
            children: profile.isSuperAdmin ? <Tag color="blue">{t('common.yes')}</Tag> : t('common.no'),
          },
        ]}
      />
    </Card>
  );
}
