import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout as Sizes, StorageKeys } from '@quire/shared';
import { Button, Empty, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { LogoMark } from '../components/logo.tsx';
import { MessageBell } from '../features/messages/components/message-bell.tsx';
import { UserMenu } from '../features/user/components/user-menu.tsx';
import { readFlag, writeFlag } from '../lib/storage.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { VIEW_SIDEBAR_QUERY } from './breakpoints.ts';
import styles from './view-layout.module.css';

/**
 * The reader ("preview mode"): a 300 px doc sidebar, and a top bar with the sidebar toggle, the way back to
 * management, the bell and the user menu. The open state is remembered; below 1000 px the sidebar starts
 * hidden and opens over the page.
 */
export function ViewLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNarrow = useMediaQuery(VIEW_SIDEBAR_QUERY);
  const [isOpenWide, setIsOpenWide] = useState(() => readFlag(StorageKeys.sidebarOpen, true));
  const [isOpenNarrow, setIsOpenNarrow] = useState(false);
  const isOpen = isNarrow ? isOpenNarrow : isOpenWide;

  useEffect(() => {
    if (!isNarrow) setIsOpenNarrow(false);
  }, [isNarrow]);

  const handleToggle = () => {
    if (isNarrow) {
      setIsOpenNarrow((open) => !open);
      return;
    }
    setIsOpenWide((open) => {
      writeFlag(StorageKeys.sidebarOpen, !open);
      return !open;
    });
  };

  return (
    <div className={styles.shell}>
      <a href="#main-content" className="q-skip-link">
        {t('layout.skipToContent')}
      </a>
      {isOpen ? (
        <aside
          className={`${styles.sidebar} ${isNarrow ? styles.overlay : ''}`}
          style={{ width: Sizes.viewSidebarWidth }}
          aria-label={t('view.sidebarTitle')}
        >
          <Link to="/dashboard" className={styles.brand}>
            <LogoMark size={26} />
            <span>Quire</span>
          </Link>
          <Typography.Text type="secondary" className={styles.sidebarTitle}>
            {t('view.sidebarTitle')}
          </Typography.Text>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('view.treeEmpty')} />
        </aside>
      ) : null}
      {isNarrow && isOpen ? (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={t('layout.toggleMenu')}
          onClick={() => setIsOpenNarrow(false)}
        />
      ) : null}
      <div className={styles.main}>
        <header className={styles.bar}>
          <Button
            type="text"
            icon={isOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('layout.toggleMenu')}
            aria-expanded={isOpen}
            onClick={handleToggle}
          />
          <Button icon={<AppstoreOutlined />} onClick={() => navigate('/dashboard')}>
            {t('layout.managementModel')}
          </Button>
          <span className={styles.spacer} />
          <MessageBell />
          <UserMenu />
        </header>
        <main id="main-content" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
