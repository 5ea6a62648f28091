import { Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { MOBILE_QUERY } from './breakpoints.ts';
import styles from './main-layout.module.css';
import { SideRail } from './side-rail.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The logged-in shell (Torna's main layout): a 70 px rail on the left, a 50 px top bar,
 * the page below. On screens narrower than 992 px the rail becomes an overlay opened from the top bar.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // Only meaningful on narrow screens; links in the rail close it as they navigate.
  const [isRailOpen, setIsRailOpen] = useState(false);
  const isOverlayOpen = isMobile && isRailOpen;

  return (
    <div className={styles.shell}>
      <a href="#main-content" className="q-skip-link">
        {t('layout.skipToContent')}
      </a>
      <SideRail isOpen={isOverlayOpen} onNavigate={() => setIsRailOpen(false)} />
      {isOverlayOpen ? (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={t('layout.toggleMenu')}
          onClick={() => setIsRailOpen(false)}
        />
      ) : null}
      <Layout className={styles.main}>
        <TopBar showMenuButton={isMobile} onToggleMenu={() => setIsRailOpen((open) => !open)} />
        <main id="main-content" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </Layout>
    </div>
  );
}
