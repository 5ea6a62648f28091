import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { modulesQuery } from '../features/modules/modules.queries.ts';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { CHANGE_PAGE, ChangeList } from '../features/releases/components/change-list.tsx';
import { changelogQuery, startingChangelogLimit } from '../features/releases/releases.queries.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/project/changelog/{projectId}`: what changed since the newest valid release (breaking changes first), then
 * the project's releases, newest first (docs/releases.md).
 */
export function ProjectChangelogPage() {
  const { t, i18n } = useTranslation();
  const projectId = useParams().projectId ?? '';
  const [search, setSearch] = useSearchParams();
  const moduleId = search.get('moduleId') ?? '';
  // The first screen's operations only: a large comparison is long to send, check and draw (docs/releases.md);
  // more when the light changelog page handed over more (src/changelog-main.tsx).
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(() =>
    startingChangelogLimit(queryClient, projectId, moduleId, CHANGE_PAGE),
  );
  const log = useQuery(changelogQuery(projectId, moduleId, limit));
  const modules = useQuery(modulesQuery(projectId));
  useDocumentTitle(t('releases.changelog'));
  if (log.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (log.isError) return <ErrorState onRetry={() => void log.refetch()} />;
  const { since, changes, releases } = log.data;
  return (
    <>
      <PageHeader
        title={t('releases.changelog')}
        extra={
          <Select
            aria-label={t('releases.application')}
            style={{ minWidth: 200 }}
            value={moduleId}
            loading={modules.isPending}
            options={[
              { value: '', label: t('releases.allApplications') },
              ...(modules.data ?? []).map((m) => ({ value: m.id, label: m.name })),
            ]}
            onChange={(id: string) => {
              setLimit(CHANGE_PAGE);
              setSearch(id ? { moduleId: id } : {});
            }}
          />
        }
      />
      <Card style={{ marginBottom: 16 }}>
        {since && changes ? (
          <>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('releases.sinceRelease', { 0: since.releaseNo })}
            </Typography.Title>
            <ChangeList
              comparison={changes}
              emptyText={t('releases.noChanges')}
              onMore={setLimit}
              loadingMore={log.isPlaceholderData}
            />
          </>
        ) : (
          <Empty description={t('releases.noReleaseYet')} />
        )}
      </Card>
      <Card>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('releases.title')}
        </Typography.Title>
        {releases.length ? (
          <Timeline
            items={releases.map((release) => ({
              key: release.id,
              color: release.status === 1 ? 'blue' : 'gray',
              children: (
                <>
                  <Typography.Text strong>{release.releaseNo}</Typography.Text>{' '}
                  <Tag>{release.status === 1 ? t('releases.valid') : t('releases.invalid')}</Tag>
                  <Typography.Text type="secondary">
                    {formatDateTime(release.gmtCreate, i18n.language)}
                    {release.creatorName ? ` · ${release.creatorName}` : ''}
                  </Typography.Text>
                  {release.releaseDesc ? (
                    <Typography.Paragraph>{release.releaseDesc}</Typography.Paragraph>
                  ) : null}
                </>
              ),
            }))}
          />
        ) : (
          <Empty description={t('releases.empty')} />
        )}
      </Card>
    </>
  );
}
