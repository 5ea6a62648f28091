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
import { DocView } from '../features/view/components/doc-view.tsx';
import { useViewContext } from '../features/view/view-context.ts';
import { isApiError } from '../lib/api-error.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/view/{docId}`: one doc, read-only; its tab gets the doc's name. */
export function ViewDocPage() {
  const { t } = useTranslation();
  const { docId = '' } = useParams();
  const { renameTab } = useViewContext();
  const detail = useQuery({
    queryKey: docKeys.detail(docId),
    queryFn: ({ signal }) => getDocDetail(docId, { signal, silent: true }),
    retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 2),
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
      return (
        <Result
          status={error.status === 404 ? '404' : '403'}
          title={
            <ResultTitle>
              {error.status === 404 ? t('reader.docMissing') : t('reader.docForbidden')}
            </ResultTitle>
          }
          extra={<ButtonLink to="/view">{t('reader.welcomeTitle')}</ButtonLink>}
        />
      );
    }
    return <ErrorState onRetry={() => void detail.refetch()} />;
  }
  return <DocView doc={detail.data} />;
}
