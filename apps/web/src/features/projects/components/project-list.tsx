import { DeleteOutlined, EditOutlined, GlobalOutlined, LockOutlined, MoreOutlined } from '@ant-design/icons';
import type { Project } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../../components/card-grid.module.css';
import { CardGridSkeleton, EmptyCard } from '../../../components/card-grid.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { RoleTag } from '../../../components/role-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { projectsQuery } from '../projects.queries.ts';

/** A project's visibility as a tag with an icon and a word (never colour alone). */
export function VisibilityTag({ isPrivate }: { isPrivate: boolean }) {
  const { t } = useTranslation();
  return isPrivate ? (
    <Tag icon={<LockOutlined />} color="orange">
      {t('project.private')}
    </Tag>
  ) : (
    <Tag icon={<GlobalOutlined />} color="green">
      {t('project.public')}
    </Tag>
  );
}

function ProjectCard({
  project,
  onEdit,
  onDelete,
}: {
  project: Project;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { canProject } = usePermissions();
  const menuItems = [
    ...(canProject(project.id, 'project.update')
      ? [{ key: 'edit', icon: <EditOutlined />, label: t('common.edit'), onClick: onEdit }]
      : []),
    ...(canProject(project.id, 'project.delete')
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
          <Link to={`/project/doc/${encodeURIComponent(project.id)}`} className={styles.cardLink}>
            {project.name}
          </Link>
        </Typography.Title>
        <span className={styles.composeIcon}>
          <VisibilityTag isPrivate={project.isPrivate} />
        </span>
        {menuItems.length > 0 ? (
          <Dropdown menu={{ items: menuItems }} trigger={['click']}>
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              className={styles.cardMenu}
              aria-label={t('project.actionsFor', { 0: project.name })}
            />
          </Dropdown>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={styles.description}>
        {project.description || t('project.noDescription')}
      </Typography.Paragraph>
      <dl className={styles.meta}>
        <div>
          <dt>{t('dashboard.creator')}</dt>
          <dd>{project.creatorName || '—'}</dd>
        </div>
        <div>
          <dt>{t('dashboard.createTime')}</dt>
          <dd>{formatDateTime(project.createTime, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('perm.myRole')}</dt>
          <dd>
            <RoleTag role={project.roleCode} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** The projects of a space as cards, with loading, failure and empty states. */
export function ProjectList({
  spaceId,
  canCreate,
  onCreate,
  onEdit,
  onDelete,
}: {
  spaceId: string;
  canCreate: boolean;
  onCreate: () => void;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const projects = useQuery(projectsQuery(spaceId));

  if (projects.isPending) return <CardGridSkeleton rows={3} />;
  if (projects.isError) return <ErrorState onRetry={() => void projects.refetch()} />;
  if (projects.data.length === 0) {
    return (
      <EmptyCard
        title={t('project.emptyTitle')}
        text={canCreate ? t('project.emptyText') : t('project.emptyTextReader')}
      >
        {canCreate ? (
          <Button type="primary" onClick={onCreate}>
            {t('project.new')}
          </Button>
        ) : null}
      </EmptyCard>
    );
  }
  return (
    <ul className={styles.grid} aria-label={t('layout.projects')}>
      {projects.data.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} onEdit={() => onEdit(project)} onDelete={() => onDelete(project)} />
        </li>
      ))}
    </ul>
  );
}
