import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Skeleton, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ShareChangelog } from '../features/releases/components/share-changelog.tsx';
import { PasswordGate } from '../features/sharing/components/password-gate.tsx';
import { VisitorShell } from '../features/sharing/components/visitor-shell.tsx';
import {
  needsPassword,
  VisitorError,
  VisitorLoading,
} from '../features/sharing/components/visitor-states.tsx';
import { visitorKeys } from '../features/sharing/sharing.queries.ts';
import { getShare, getSharedDoc, getShareMenu, visitorDebug } from '../features/sharing/visitor.api.ts';
import { DocView } from '../features/view/components/doc-view.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const noRetry = { retry: false } as const;

/** `/share/{shareId}` and `/share/{shareId}/{docId}`: the docs of a share, for anyone with the link. */
export function SharePage() {
  const { t } = useTranslation();
  const { shareId = '', docId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keys = visitorKeys.all('share', shareId);
  const share = useQuery({
    queryKey: visitorKeys.info('share', shareId),
    queryFn: ({ signal }) => getShare(shareId, { signal }),
    ...noRetry,
  });
  const isOpen = share.isSuccess;
  const menu = useQuery({
    queryKey: visitorKeys.menu('share', shareId),
    queryFn: ({ signal }) => getShareMenu(shareId, { signal }),
    enabled: isOpen,
    ...noRetry,
  });
  const doc = useQuery({
    queryKey: visitorKeys.doc('share', shareId, docId),
    queryFn: ({ signal }) => getSharedDoc(shareId, docId ?? '', { signal }),
    enabled: isOpen && docId !== undefined,
    ...noRetry,
  });
  useDocumentTitle(doc.data?.name ?? share.data?.moduleName ?? t('sharing.sharedBy'));
  const openDoc = useCallback((id: string) => navigate(`/share/${shareId}/${id}`), [navigate, shareId]);

  if (share.isPending) return <VisitorLoading />;
  if (share.isError) {
    if (needsPassword(share.error))
      return (
        <VisitorShell
          title={t('sharing.sharedBy')}
          menu={undefined}
          currentId={undefined}
          onOpenDoc={openDoc}
        >
          <PasswordGate
            kind="share"
            id={shareId}
            onVerified={() => void queryClient.invalidateQueries({ queryKey: keys })}
          />
        </VisitorShell>
      );
    return <VisitorError error={share.error} onRetry={() => void share.refetch()} />;
  }

  let content: React.ReactNode;
  if (docId === undefined)
    content = (
      <div>
        <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
          {share.data.moduleName}
        </Typography.Title>
        {share.data.releaseNo ? (
          <Tag color="blue">{t('sharing.releaseOf', { 0: share.data.releaseNo })}</Tag>
        ) : null}
        {share.data.remark ? <Typography.Paragraph>{share.data.remark}</Typography.Paragraph> : null}
        <Empty description={menu.data?.length === 0 ? t('sharing.noDocs') : t('sharing.selectDoc')} />
        {/* A share of a release shows frozen docs: what changed in the docs now is not what it shows. */}
        {share.data.releaseNo ? null : <ShareChangelog shareId={shareId} />}
      </div>
    );
  else if (doc.isPending) content = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (doc.isError) content = <VisitorError error={doc.error} onRetry={() => void doc.refetch()} />;
  else
    content = (
      <DocView
        doc={doc.data}
        visitor={{
          environments: doc.data.environments,
          debug: share.data.isShowDebug ? visitorDebug('share', shareId) : undefined,
        }}
      />
    );

  return (
    <VisitorShell title={share.data.moduleName} menu={menu.data ?? []} currentId={docId} onOpenDoc={openDoc}>
      {content}
    </VisitorShell>
  );
}
