import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shareChangelogQuery } from '../releases.queries.ts';
import { ChangeList } from './change-list.tsx';

/**
 * A share's changelog on its landing page: what changed in the shared docs since the newest release, and the
 * Atom feed a partner subscribes to. Nothing when the project has no release yet.
 */
export function ShareChangelog({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const log = useQuery(shareChangelogQuery(shareId));
  if (log.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (log.isError || !log.data.since || !log.data.changes) return null;
  return (
    <section style={{ marginTop: 24 }}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('releases.sinceRelease', { 0: log.data.since.releaseNo })}
      </Typography.Title>
      <ChangeList comparison={log.data.changes} emptyText={t('releases.noChanges')} />
      <Typography.Paragraph>
        <a href={`/share/${encodeURIComponent(shareId)}/changelog.atom`} type="application/atom+xml">
          {t('releases.feed')}
        </a>
      </Typography.Paragraph>
    </section>
  );
}
