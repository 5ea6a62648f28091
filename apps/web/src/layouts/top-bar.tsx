import {
  EyeOutlined,
  FileTextOutlined,
  MenuOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useNavigate } from 'react-router';
import { MessageBell } from '../features/messages/components/message-bell.tsx';
import { UserMenu } from '../features/user/components/user-menu.tsx';
import { permsQuery } from '../features/user/user.queries.ts';
import { collectBreadcrumb, collectRail } from '../lib/route-handle.ts';
import styles from './top-bar.module.css';

function crumbTitle(label: string, to?: string): ReactNode {
  return to ? <Link to={to}>{label}</Link> : label;
}

/**
 * The 50 px top bar of the main layout: breadcrumb (home › space › project, from route handles), then the
 * admin button for super admins (Doc Management inside the admin console), preview mode, help, the bell and
 * the user menu.
 */
export function TopBar({
  onToggleMenu,
  showMenuButton,
}: {
  onToggleMenu: () => void;
  showMenuButton: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const { data: perms } = useQuery(permsQuery());
  const crumbs = collectBreadcrumb(matches);
  const isAdminArea = collectRail(matches)?.kind === 'admin' && perms?.isSuperAdmin === true;

  const items = [{ key: 'home', title: crumbTitle(t('layout.home'), '/dashboard') }];
  if (crumbs.space) items.push({ key: 'space', title: crumbTitle(crumbs.space.label, crumbs.space.to) });
  if (crumbs.project)
    items.push({ key: 'project', title: crumbTitle(crumbs.project.label, crumbs.project.to) });

  return (
    <header className={styles.bar}>
      {showMenuButton ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('layout.toggleMenu')}
          onClick={onToggleMenu}
        />
      ) : null}
      <Breadcrumb items={items} className={styles.breadcrumb} />
      <div className={styles.actions}>
        {isAdminArea ? (
          <Button
            icon={<FileTextOutlined />}
            aria-label={t('layout.docManagement')}
            onClick={() => navigate('/dashboard')}
          >
            <span className={styles.buttonText}>{t('layout.docManagement')}</span>
          </Button>
        ) : null}
        {perms?.isSuperAdmin && !isAdminArea ? (
          <Button
            icon={<SettingOutlined />}
            aria-label={t('layout.adminButton')}
            onClick={() => navigate('/admin/users')}
          >
            <span className={styles.buttonText}>{t('layout.adminButton')}</span>
          </Button>
        ) : null}
        <Button
          icon={<EyeOutlined />}
          aria-label={t('layout.previewModel')}
          onClick={() => navigate('/view')}
        >
          <span className={styles.buttonText}>{t('layout.previewModel')}</span>
        </Button>
        <Tooltip title={t('layout.help')}>
          <a
            href="/help"
            target="_blank"
            rel="noopener"
            className={styles.iconLink}
            aria-label={t('layout.openHelp')}
          >
            <QuestionCircleOutlined />
          </a>
        </Tooltip>
        <MessageBell />
        <UserMenu />
      </div>
    </header>
  );
}
