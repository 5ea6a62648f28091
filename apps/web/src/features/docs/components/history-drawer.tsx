import type { DocRevision } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { diffRevisions, restoreRevision } from '../docs.api.ts';
import { docKeys, revisionsQuery } from '../docs.queries.ts';
import { ChangeList } from './change-list.tsx';
import { DrawerTitle } from '../../../components/drawer-title.tsx';
import { ListItemMeta } from '../../../components/list-item-meta.tsx';

/**
 * The changelog of a doc: who saved, when, the remark and the source of every revision; tick two to compare
 * them side by side; restore any revision (a new revision, after a confirm).
 */
export function HistoryDrawer({
  docId,
  open,
  currentRevision,
  canRestore,
  hasUnsavedEdits = false,
  onClose,
  onRestored,
}: {
  docId: string;
  open: boolean;
  currentRevision: number;
  canRestore: boolean;
  /** The editor holds edits not saved yet: a restore would drop them, so the confirm says so first. */
  hasUnsavedEdits?: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const revisions = useQuery({ ...revisionsQuery(docId), enabled: open });
  const [picked, setPicked] = useState<number[]>([]);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const diff = useQuery({
    queryKey: docKeys.diff(docId, compare?.from, compare?.to),
    queryFn: ({ signal }) => diffRevisions(docId, compare?.from ?? 1, compare?.to ?? 1, { signal }),
    enabled: compare !== null,
  });

  const toggle = (revision: number) =>
    setPicked((current) =>
      current.includes(revision) ? current.filter((r) => r !== revision) : [...current, revision].slice(-2),
    );

  const confirmRestore = (revision: DocRevision) =>
    modal.confirm({
      title: hasUnsavedEdits
        ? t('docTools.restoreDirtyTitle')
        : t('doc.restoreTitle', { 0: revision.revision }),
      content: hasUnsavedEdits
        ? t('docTools.restoreDirtyText', { 0: revision.revision })
        : t('doc.restoreText'),
      okText: hasUnsavedEdits ? t('docTools.restoreDirtyOk') : t('doc.restore'),
      okButtonProps: hasUnsavedEdits ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      onOk: () =>
        restoreRevision({ docId, revision: revision.revision, baseRevision: currentRevision }).then(
          (result) => {
            toastSuccess(t('doc.restored', { 0: result.revision }));
            void revisions.refetch();
            onRestored();
          },
          () => undefined,
        ),
    });

  const [a = 0, b = 0] = picked;
  return (
    <Drawer open={open} onClose={onClose} title={<DrawerTitle>{t('doc.history')}</DrawerTitle>} size="large">
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          disabled={picked.length !== 2}
          onClick={() => setCompare({ from: Math.min(a, b), to: Math.max(a, b) })}
        >
          {t('doc.compare')}
        </Button>
        <Typography.Text type="secondary">{t('doc.pickTwo')}</Typography.Text>
      </Space>
      {revisions.isError ? (
        <ErrorState onRetry={() => void revisions.refetch()} />
      ) : (
        <List
          loading={revisions.isPending}
          dataSource={revisions.data ?? []}
          rowKey="revision"
          renderItem={(revision) => (
            <List.Item
              actions={[
                <Button
                  key="pick"
                  size="small"
                  type={picked.includes(revision.revision) ? 'primary' : 'default'}
                  aria-pressed={picked.includes(revision.revision)}
                  aria-label={`${t('doc.compare')} ${t('doc.revision', { 0: revision.revision })}`}
                  onClick={() => toggle(revision.revision)}
                >
                  {t('doc.compare')}
                </Button>,
                canRestore && revision.revision !== currentRevision ? (
                  <Button
                    key="restore"
                    size="small"
                    aria-label={`${t('doc.restore')} ${t('doc.revision', { 0: revision.revision })}`}
                    onClick={() => confirmRestore(revision)}
                  >
                    {t('doc.restore')}
                  </Button>
                ) : null,
              ]}
            >
              <ListItemMeta
                title={
                  <Space wrap>
                    <span>{t('doc.revision', { 0: revision.revision })}</span>
                    <Tag>{t(`doc.source.${revision.source}`)}</Tag>
                    {revision.restoredFrom ? (
                      <Typography.Text type="secondary">
                        {t('doc.restoredFrom', { 0: revision.restoredFrom })}
                      </Typography.Text>
                    ) : null}
                  </Space>
                }
                description={
                  <>
                    <div>
                      {revision.creatorName} · {formatDateTime(revision.createTime, i18n.language)}
                    </div>
                    {revision.remark ? <div>{revision.remark}</div> : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={compare !== null}
        onCancel={() => setCompare(null)}
        footer={null}
        width={960}
        title={compare ? t('doc.compareTitle', { 0: compare.from, 1: compare.to }) : ''}
      >
        {diff.isPending ? <List loading /> : <ChangeList changes={diff.data?.changes ?? []} />}
      </Modal>
    </Drawer>
  );
}
