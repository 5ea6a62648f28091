import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BlockOutlined,
  CodeOutlined,
  DeleteOutlined,
  FolderOutlined,
  HistoryOutlined,
  ImportOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  NumberOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { APP_VERSION, type SpaceInfo } from '@quire/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatches } from 'react-router';
import { LogoMark } from '../components/logo.tsx';
import { type Permissions, usePermissions } from '../features/permissions/use-permissions.ts';
import { collectRail, type RailRequest } from '../lib/route-handle.ts';
import styles from './side-rail.module.css';

interface RailItem {
  to: string;
  icon: ReactNode;
  label: string;
}

function encoded(value: string | undefined): string {
  return encodeURIComponent(value ?? '');
}

/** The items of the menu a route asked for: the home menu, a space's, a project's or the admin console's. */
export function railItems(request: RailRequest | null, t: TFunction, perms: Permissions): RailItem[] {
  const home = [{ to: '/dashboard', icon: <AppstoreOutlined />, label: t('layout.spaces') }];
  // The home menu also stands in when the area refused the user (no permission, deleted, not found).
  if (!request) return home;
  const { params, data } = request.match;
  if (request.kind === 'admin' && !perms.isSuperAdmin) return home;
  if (request.kind !== 'admin' && data == null) return home;
  if (request.kind === 'space') {
    const spaceId = params.spaceId ?? '';
    const id = encoded(spaceId);
    const isCompose = (data as SpaceInfo | null | undefined)?.isCompose ?? false;
    const items: RailItem[] = [
      isCompose
        ? { to: `/space/compose/${id}`, icon: <BlockOutlined />, label: t('layout.composedProjects') }
        : { to: `/space/project/${id}`, icon: <FolderOutlined />, label: t('layout.projects') },
      { to: `/space/info/${id}`, icon: <InfoCircleOutlined />, label: t('layout.spaceInfo') },
      { to: `/space/member/${id}`, icon: <TeamOutlined />, label: t('layout.members') },
    ];
    if (perms.canSpace(spaceId, 'space.openUser.manage'))
      items.push({ to: `/space/openuser/${id}`, icon: <KeyOutlined />, label: t('layout.openUsers') });
    return items;
  }
  if (request.kind === 'project') {
    // The doc editor's routes name an application: the loader's answer names the project.
    const projectId = params.projectId ?? (data as { projectId?: string } | null)?.projectId ?? '';
    const id = encoded(projectId);
    const items: RailItem[] = [
      { to: `/project/doc/${id}`, icon: <ApiOutlined />, label: t('layout.railApplications') },
      { to: `/project/info/${id}`, icon: <InfoCircleOutlined />, label: t('layout.projectInfo') },
      { to: `/project/member/${id}`, icon: <TeamOutlined />, label: t('layout.projectMembers') },
      { to: `/project/release/${id}`, icon: <TagsOutlined />, label: t('releases.title') },
      { to: `/project/changelog/${id}`, icon: <HistoryOutlined />, label: t('releases.changelog') },
    ];
    // The constant menu only for project admins and devs (docs/permissions.md).
    if (perms.canProject(projectId, 'constant.manage'))
      items.push({ to: `/project/code/${id}`, icon: <NumberOutlined />, label: t('layout.constants') });
    return items;
  }
  return [
    { to: '/admin/users', icon: <UserOutlined />, label: t('layout.railUserManagement') },
    { to: '/admin/setting', icon: <SettingOutlined />, label: t('layout.systemSetting') },
    { to: '/admin/trash', icon: <DeleteOutlined />, label: t('layout.trash') },
    { to: '/admin/audit', icon: <AuditOutlined />, label: t('layout.auditLog') },
    { to: '/admin/gen', icon: <CodeOutlined />, label: t('genUi.adminTitle') },
    { to: '/admin/torna', icon: <ImportOutlined />, label: t('tornaUi.title') },
  ];
}

const NAV_LABELS = {
  home: 'layout.mainNav',
  space: 'layout.spaceNav',
  project: 'layout.projectNav',
  admin: 'layout.adminNav',
} as const;

/**
 * The 70 px left rail: logo with version, then one icon-over-label item per section of the current area
 * (home, a space, a project, the admin console), as Torna's HomeMenu, SpaceMenu, ProjectMenu and AdminMenu.
 */
export function SideRail({ isOpen, onNavigate }: { isOpen: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const perms = usePermissions();
  const request = collectRail(matches);
  const items = railItems(request, t, perms);
  const kind = items[0]?.to === '/dashboard' ? 'home' : (request?.kind ?? 'home');

  return (
    <aside className={`${styles.rail} ${isOpen ? styles.open : ''}`}>
      {/* Named by what it shows ("Quire v1.2.3"), so a voice-control user can say it (WCAG 2.5.3). */}
      <Link to="/dashboard" className={styles.logo} onClick={onNavigate}>
        <LogoMark size={30} />
        <span className={styles.logoName}>Quire</span>
        <span className={styles.version}>v{APP_VERSION}</span>
      </Link>
      <nav aria-label={t(NAV_LABELS[kind])}>
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                onClick={onNavigate}
                className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
              >
                <span className={styles.icon} aria-hidden="true">
                  {item.icon}
                </span>
                <span className={styles.label}>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
