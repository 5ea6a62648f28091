import { AppstoreOutlined } from '@ant-design/icons';
import { APP_VERSION } from '@quire/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LogoMark } from '../components/logo.tsx';
import styles from './side-rail.module.css';

interface RailItem {
  to: string;
  icon: ReactNode;
  label: string;
}

/** The 70 px left rail of the main layout: logo with version, then one icon-over-label item per section. */
export function SideRail({ isOpen, onNavigate }: { isOpen: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const items: RailItem[] = [{ to: '/dashboard', icon: <AppstoreOutlined />, label: t('layout.spaces') }];

  return (
    <aside className={`${styles.rail} ${isOpen ? styles.open : ''}`}>
      <Link to="/dashboard" className={styles.logo} onClick={onNavigate} aria-label={`Quire ${APP_VERSION}`}>
        <LogoMark size={30} />
        <span className={styles.logoName}>Quire</span>
        <span className={styles.version}>v{APP_VERSION}</span>
      </Link>
      <nav aria-label={t('layout.mainNav')}>
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
