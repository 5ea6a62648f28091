import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { listEnvironments } from '../features/modules/modules.api.ts';
import { releaseDocQuery, releaseDocsQuery, releasesQuery } from '../features/releases/releases.queries.ts';
import { DocView } from '../features/view/components/doc-view.tsx';
import { environmentsKey } from '../features/view/view.queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './project-release-read-page.module.css';

/** The frozen doc, read-only (the reader without the team's tools, which act on the doc as it is now). */
function FrozenDoc({ releaseId, docId }: { releaseId: string; docId: string }) {
  const { t } = useTranslation();
  const doc = useQuery(releaseDocQuery(releaseId, docId));
  const envs = useQuery({
    queryKey: environmentsKey(doc.data?.moduleId ?? ''),
    queryFn: ({ signal }) => listEnvironments(doc.data?.moduleId ?? '', { signal, silent: true }),
    enabled: doc.data !== undefined,
  });
  if (!docId) return <Empty description={t('releases.pickDoc')} />;
  if (doc.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (doc.isError) return <ErrorState onRetry={() => void doc.refetch()} />;
  return <DocView doc={doc.data} visitor={{ environments: envs.data ?? [] }} />;
}

/**
 * `/project/release/{projectId}/{releaseId}?docId=`: a release as it froze its docs. The selector switches
 * between the project's releases; the list holds the release's docs per application.
 */
export function ProjectReleaseReadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '', releaseId = '' } = useParams();
  const [search] = useSearchParams();
  const docId = search.get('docId') ?? '';
  const releases = useQuery(releasesQuery(projectId));
  const docs = useQuery(releaseDocsQuery(projectId, releaseId));
  const current = releases.data?.find((r) => r.id === releaseId);
  useDocumentTitle(current ? `${t('releases.title')} · ${current.releaseNo}` : t('releases.title'));
  return (
    <>
      <PageHeader
        title={current ? t('releases.readTitle', { 0: current.releaseNo }) : t('releases.title')}
        extra={
          <Select
            aria-label={t('releases.selector')}
            style={{ minWidth: 200 }}
            value={releaseId || undefined}
            loading={releases.isPending}
            options={(releases.data ?? []).map((r) => ({ value: r.id, label: r.releaseNo }))}
            onChange={(id: string) =>
              void navigate(`/project/release/${encodeURIComponent(projectId)}/${encodeURIComponent(id)}`)
            }
          />
        }
      />
      <div className={styles.layout}>
        <Card className={styles.list} size="small">
          {docs.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : docs.isError ? (
            <ErrorState onRetry={() => void docs.refetch()} />
          ) : docs.data.length === 0 ? (
            <Empty description={t('releases.noDocs')} />
          ) : (
            <nav aria-label={t('releases.docs')}>
              {docs.data.map((module) => (
                <section key={module.id}>
                  <Typography.Text strong>{module.name}</Typography.Text>
                  <ul className={styles.docs}>
                    {module.children.map((doc) => (
                      <li key={doc.id}>
                        <button
                          type="button"
                          className={styles.doc}
                          aria-current={doc.id === docId ? 'page' : undefined}
                          onClick={() =>
                            void navigate(
                              `/project/release/${encodeURIComponent(projectId)}/${encodeURIComponent(releaseId)}?docId=${encodeURIComponent(doc.id)}`,
                            )
                          }
                        >
                          <span className={styles.method}>{doc.httpMethod}</span> {doc.name}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </nav>
          )}
        </Card>
        <div className={styles.doc_view}>
          <FrozenDoc releaseId={releaseId} docId={docId} />
        </div>
      </div>
    </>
  );
}
