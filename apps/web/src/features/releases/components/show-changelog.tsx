import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { composeChangelogQuery } from '../releases.queries.ts';
import { ChangeList } from './change-list.tsx';

/**
 * A composed project's changelog on its landing page (`/show/{id}`): for each project its docs come from that has
 * a release, what changed in the docs it shows since that project's newest release, and the Atom feed of it.
 * Nothing without a release.
 */
export function ShowChangelog({ showId }: { showId: string }) {
  const { t } = useTranslation();
  const log = useQuery(composeChangelogQuery(showId));
  if (log.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (log.isError) return null;
  const sources = log.data.sources.filter((source) => source.since && source.changes);
  if (sources.length === 0) return null;
  return (
    <section style={{ marginTop: 24 }} aria-label={t('releases.changelog')}>
      {sources.map((source) =>
        source.since && source.changes ? (
          <div key={source.since.id}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('releases.sinceRelease', { 0: source.since.releaseNo })}
            </Typography.Title>
            <ChangeList comparison={source.changes} emptyText={t('releases.noChanges')} />
          </div>
        ) : null,
      )}
      <Typography.Paragraph>
        <a href={`/show/${encodeURIComponent(showId)}/changelog.atom`} type="application/atom+xml">
          {t('releases.feed')}
        </a>
      </Typography.Paragraph>
    </section>
  );
}
