import { DocType, isDocType } from '@quire/api-model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { NoPermission } from '../components/no-permission.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { DocEditor } from '../features/docs/components/doc-editor.tsx';
import { docDetailQuery, docKeys, docTreeQuery, enumsQuery } from '../features/docs/docs.queries.ts';
import { editorDocFrom, newEditorDoc } from '../features/docs/editor-state.ts';
import { moduleQuery } from '../features/modules/modules.queries.ts';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type Mode = 'new' | 'edit' | 'copy';

function modeOf(pathname: string): Mode {
  if (pathname.startsWith('/doc/copy')) return 'copy';
  if (pathname.startsWith('/doc/edit')) return 'edit';
  return 'new';
}

/**
 * `/doc/new/{moduleId}[/{parentId}]`, `/doc/edit[_custom]/{moduleId}/{docId}` and
 * `/doc/copy[_custom]/{moduleId}/{copyId}`: loads what the editor needs, then hands it over.
 */
export function DocEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const moduleId = params.moduleId ?? '';
  const mode = modeOf(pathname);
  const sourceId = mode === 'edit' ? (params.docId ?? '') : mode === 'copy' ? (params.copyId ?? '') : '';
  const module = useQuery(moduleQuery(moduleId));
  const detail = useQuery({ ...docDetailQuery(sourceId), enabled: sourceId !== '' });
  const queryClient = useQueryClient();
  // Dropped when the editor closes: the next visit starts from the newest revision.
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: docKeys.detail(sourceId), exact: true }),
    [queryClient, sourceId],
  );
  const tree = useQuery(docTreeQuery(moduleId));
  const enums = useQuery(enumsQuery(moduleId));
  const perms = usePermissions();

  const title =
    mode === 'new'
      ? t('doc.titleNew')
      : mode === 'copy'
        ? t('doc.titleCopy')
        : detail.data
          ? detail.data.name
          : t('doc.titleEdit');
  useDocumentTitle(title);

  const header = (
    <PageHeader
      title={title}
      description={
        mode === 'edit' && detail.data
          ? `ID: ${detail.data.id} · r${detail.data.revision}`
          : module.data?.name
      }
    />
  );

  if (module.isError || detail.isError)
    return (
      <>
        {header}
        <ErrorState onRetry={() => void (module.isError ? module.refetch() : detail.refetch())} />
      </>
    );
  if (module.isPending || (sourceId && detail.isPending) || tree.isPending || !perms.isLoaded)
    return (
      <>
        {header}
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  if (!perms.canProject(module.data.projectId, 'doc.write'))
    return (
      <>
        {header}
        <NoPermission text={t('doc.readOnly')} />
      </>
    );

  const requestedType = Number(
    searchParams.get('type') ?? (pathname.includes('_custom') ? DocType.custom : DocType.http),
  );
  const initial =
    mode === 'new' || !detail.data
      ? newEditorDoc(isDocType(requestedType) ? requestedType : DocType.http, params.parentId ?? '')
      : editorDocFrom(detail.data, mode === 'copy');

  return (
    <>
      {header}
      <DocEditor
        key={`${mode}:${sourceId}:${detail.data?.revision ?? 0}`}
        moduleId={moduleId}
        initial={initial}
        initialRevision={mode === 'edit' ? detail.data?.revision : undefined}
        canChooseType={mode === 'new'}
        folders={tree.data ?? []}
        enums={enums.data ?? []}
        isCopy={mode === 'copy'}
      />
    </>
  );
}
