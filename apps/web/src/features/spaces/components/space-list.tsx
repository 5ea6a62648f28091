import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import type { Space } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../../components/card-grid.module.css';
import { CardGridSkeleton, EmptyCard } from '../../../components/card-grid.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { RoleTag } from '../../../components/role-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { spaceHome } from '../space-paths.ts';
import { spacesQuery } from '../spaces.queries.ts';
import { SpaceDeleteModal } from './space-delete-modal.tsx';
import { SpaceRenameModal } from './space-rename-modal.tsx';

function SpaceCard({
  space,
  onRename,
  onDelete,
}: {
  space: Space;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { canSpace } = usePermissions();
  const canRename = canSpace(space.id, 'space.update');
  const canDelete = canSpace(space.id, 'space.delete');
  const menuItems = [
    ...(canRename
      ? [{ key: 'rename', icon: <EditOutlined />, label: t('space.rename'), onClick: onRename }]
      : []),
    ...(canDelete
      ? [
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            label: t('common.delete'),
            danger: true,
            onClick: onDelete,
          },
        ]
      : []),
  ];

  return (
    <Card className={styles.card} hoverable>
      <div className={styles.cardHead}>
        <Typography.Title level={2} className={styles.cardTitle}>
          <Link to={spaceHome(space)} className={styles.cardLink}>
            {space.name}
          </Link>
        </Typography.Title>
        {space.isCompose ? (
          <Tooltip title={t('space.composeTooltip')}>
            <AppstoreAddOutlined
              className={styles.composeIcon}
              aria-label={t('space.composeTooltip')}
              role="img"
            />
          </Tooltip>
        ) : null}
        {menuItems.length > 0 ? (
          <Dropdown menu={{ items: menuItems }} trigger={['click']}>
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              className={styles.cardMenu}
              aria-label={t('space.actionsFor', { 0: space.name })}
            />
          </Dropdown>
        ) : null}
      </div>
      <dl className={styles.meta}>
        <div>
          <dt>{t('dashboard.creator')}</dt>
          <dd>{space.creatorName || '—'}</dd>
        </div>
        <div>
          <dt>{t('dashboard.createTime')}</dt>
          <dd>{formatDateTime(space.createTime, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('perm.myRole')}</dt>
          <dd>
            <RoleTag role={space.roleCode} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** The dashboard's spaces as cards: skeletons while loading, Retry on failure, an explained empty state. */
export function SpaceList({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const spaces = useQuery(spacesQuery());
  const [renaming, setRenaming] = useState<Space | null>(null);
  const [deleting, setDeleting] = useState<Space | null>(null);

  if (spaces.isPending) return <CardGridSkeleton rows={2} />;
  if (spaces.isError) return <ErrorState onRetry={() => void spaces.refetch()} />;

  if (spaces.data.length === 0) {
    return (
      <EmptyCard title={t('dashboard.emptyTitle')} text={t('dashboard.emptyText')}>
        <Button type="primary" onClick={onCreate}>
          {t('dashboard.newSpace')}
        </Button>
      </EmptyCard>
    );
  }

  return (
    <>
      <ul className={styles.grid} aria-label={t('dashboard.title')}>
        {spaces.data.map((space) => (
          <li key={space.id}>
            <SpaceCard
              space={space}
              onRename={() => setRenaming(space)}
              onDelete={() => setDeleting(space)}
            />
          </li>
        ))}
      </ul>
      <SpaceRenameModal space={renaming} onClose={() => setRenaming(null)} />
      <SpaceDeleteModal space={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
