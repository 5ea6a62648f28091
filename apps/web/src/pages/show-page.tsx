import { FileTextOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { renderMarkdownSafe, sanitizeHtml } from '../features/docs/safe-html.ts';
import { ShowChangelog } from '../features/releases/components/show-changelog.tsx';
import { PasswordGate } from '../features/sharing/components/password-gate.tsx';
import { VisitorShell } from '../features/sharing/components/visitor-shell.tsx';
import {
  needsPassword,
  VisitorError,
  VisitorLoading,
} from '../features/sharing/components/visitor-states.tsx';
import { visitorKeys } from '../features/sharing/sharing.queries.ts';
import {
  getShow,
  getShowDoc,
  getShowMenu,
  getShowPage,
  listShowPages,
  visitorDebug,
} from '../features/sharing/visitor.api.ts';
import { DocView } from '../features/view/components/doc-view.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const noRetry = { retry: false } as const;

/** An additional page: sanitized rich text, or Markdown rendered safely. */
function PageContent({ content, kind }: { content: string; kind: 'html' | 'markdown' }) {
  const html = useMemo(
    () => (kind === 'markdown' ? renderMarkdownSafe(content) : sanitizeHtml(content)),
    [content, kind],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify
  return <div className="quire-rich" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * `/show/{showId}` and `/show/{showId}/{docId}`: a composed project's docs and additional pages (`?page=`).
 * Disabled or unknown projects show "Document not found".
 */
export function ShowPage() {
  const { t, i18n } = useTranslation();
  const { showId = '', docId } = useParams();
  const [search] = useSearchParams();
  const pageId = search.get('page') ?? undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keys = visitorKeys.all('show', showId);
  const project = useQuery({
    queryKey: visitorKeys.info('show', showId),
    queryFn: ({ signal }) => getShow(showId, { signal }),
    ...noRetry,
  });
  const isOpen = project.isSuccess;
  const menu = useQuery({
    queryKey: visitorKeys.menu('show', showId),
    queryFn: ({ signal }) => getShowMenu(showId, { signal }),
    enabled: isOpen,
    ...noRetry,
  });
  const pages = useQuery({
    queryKey: visitorKeys.pages(showId),
    queryFn: ({ signal }) => listShowPages(showId, { signal }),
    enabled: isOpen,
    ...noRetry,
  });
  const doc = useQuery({
    // The gateway's environment name is written in the visitor's language.
    queryKey: visitorKeys.doc('show', showId, docId, i18n.language),
    queryFn: ({ signal }) => getShowDoc(showId, docId ?? '', { signal }),
    enabled: isOpen && docId !== undefined,
    // A language switch keeps showing the same doc while it is asked again, so the doc view (and a debug
    // drawer the visitor opened) stays mounted instead of falling back to the skeleton.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[4] === docId ? previous : undefined,
    ...noRetry,
  });
  const page = useQuery({
    queryKey: visitorKeys.page(showId, pageId),
    queryFn: ({ signal }) => getShowPage(showId, pageId ?? '', { signal }),
    enabled: isOpen && docId === undefined && pageId !== undefined,
    ...noRetry,
  });
  useDocumentTitle(doc.data?.name ?? page.data?.title ?? project.data?.name ?? t('compose.title'));
  const openDoc = useCallback((id: string) => navigate(`/show/${showId}/${id}`), [navigate, showId]);

  if (project.isPending) return <VisitorLoading />;
  if (project.isError) {
    if (needsPassword(project.error))
      return (
        <VisitorShell title={t('compose.title')} menu={undefined} currentId={undefined} onOpenDoc={openDoc}>
          <PasswordGate
            kind="show"
            id={showId}
            onVerified={() => void queryClient.invalidateQueries({ queryKey: keys })}
          />
        </VisitorShell>
      );
    return <VisitorError error={project.error} onRetry={() => void project.refetch()} />;
  }

  let content: React.ReactNode;
  if (docId !== undefined) {
    if (doc.isPending) content = <Skeleton active paragraph={{ rows: 12 }} />;
    else if (doc.isError) content = <VisitorError error={doc.error} onRetry={() => void doc.refetch()} />;
    else
      content = (
        <DocView
          doc={doc.data}
          visitor={{
            environments: doc.data.environments,
            debug: project.data.showDebug ? visitorDebug('show', showId) : undefined,
          }}
        />
      );
  } else if (pageId !== undefined) {
    if (page.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
    else if (page.isError) content = <VisitorError error={page.error} onRetry={() => void page.refetch()} />;
    else
      content = (
        <article aria-label={page.data.title}>
          <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
            {page.data.title}
          </Typography.Title>
          <PageContent content={page.data.content} kind={page.data.contentKind} />
        </article>
      );
  } else
    content = (
      <div>
        <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
          {project.data.name}
        </Typography.Title>
        {project.data.description ? (
          <Typography.Paragraph>{project.data.description}</Typography.Paragraph>
        ) : null}
        <Empty description={menu.data?.length === 0 ? t('sharing.noDocs') : t('sharing.selectDoc')} />
        <ShowChangelog showId={showId} />
      </div>
    );

  const aside =
    pages.data && pages.data.length > 0 ? (
      <section aria-label={t('compose.pages')}>
        <Typography.Text type="secondary">{t('compose.pages')}</Typography.Text>
        {pages.data.map((p) => (
          <Button
            key={p.id}
            type={p.id === pageId && !docId ? 'link' : 'text'}
            block
            icon={<FileTextOutlined />}
            style={{ justifyContent: 'flex-start' }}
            onClick={() => navigate(`/show/${showId}?page=${p.id}`)}
          >
            {p.title}
          </Button>
        ))}
      </section>
    ) : null;

  return (
    <VisitorShell
      title={project.data.name}
      menu={menu.data ?? []}
      currentId={docId}
      onOpenDoc={openDoc}
      aside={aside}
    >
      {content}
    </VisitorShell>
  );
}
