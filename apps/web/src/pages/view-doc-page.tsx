import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/button-link.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { getDocDetail } from '../features/docs/docs.api.ts';
import { docKeys } from '../features/docs/docs.queries.ts';
import { listEnvironments } from '../features/modules/modules.api.ts';
import { DocView } from '../features/view/components/doc-view.tsx';
import { ReleaseBanner, useReleaseNo } from '../features/view/components/release-banner.tsx';
import { getReleaseDoc } from '../features/view/view.api.ts';
import { environmentsKey, viewKeys } from '../features/view/view.queries.ts';
import { useViewContext } from '../features/view/view-context.ts';
import { isApiError } from '../lib/api-error.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const retry = (count: number, error: unknown) => !isApiError(error) || (error.status >= 500 && count < 2);

/**
 * `/view/{docId}`: one doc, read-only; its tab gets the doc's name. With a release open in the reader, the
 * doc as the release froze it (even when deleted since), without the team's tools: they act on the doc now.
 */
export function ViewDocPage() {
  const { t } = useTranslation();
  const { docId = '' } = useParams();
  const { nav, renameTab } = useViewContext();
  const releaseId = nav.releaseId;
  const releaseNo = useReleaseNo(nav.projectId, releaseId);
  const detail = useQuery({
    queryKey: releaseId ? viewKeys.releaseDoc(releaseId, docId) : docKeys.detail(docId),
    queryFn: ({ signal }) =>
      releaseId
        ? getReleaseDoc(releaseId, docId, { signal, silent: true })
        : getDocDetail(docId, { signal, silent: true }),
    retry,
  });
  const moduleId = detail.data?.moduleId ?? '';
  const envs = useQuery({
    queryKey: environmentsKey(moduleId),
    queryFn: ({ signal }) => listEnvironments(moduleId, { signal, silent: true }),
    enabled: releaseId !== '' && moduleId !== '',
  });
  const name = detail.data?.name;
  useDocumentTitle(name ?? t('view.title'));
  useEffect(() => {
    if (name) renameTab(docId, name);
  }, [docId, name, renameTab]);

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (detail.isError) {
    const error = detail.error;
    if (isApiError(error) && (error.status === 404 || error.status === 403)) {
      const missing =
        error.status === 404
          ? releaseId
            ? t('reader.releaseNotIn', { 0: releaseNo })
            : t('reader.docMissing')
          : t('reader.docForbidden');
      return (
        <Result
          status={error.status === 404 ? '404' : '403'}
          title={<ResultTitle>{missing}</ResultTitle>}
          extra={<ButtonLink to="/view">{t('reader.welcomeTitle')}</ButtonLink>}
        />
      );
    }
    return <ErrorState onRetry={() => void detail.refetch()} />;
  }
  if (!releaseId) return <DocView doc={detail.data} />;
  return (
    <>
      <ReleaseBanner releaseNo={releaseNo} />
      <DocView doc={detail.data} visitor={{ environments: envs.data ?? [] }} />
    </>
  );
}
