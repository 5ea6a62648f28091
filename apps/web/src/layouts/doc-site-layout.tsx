import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect } from '../components/language-select.tsx';
import { Logo } from '../components/logo.tsx';
import { hasToken } from '../lib/storage.ts';
import styles from './doc-site-layout.module.css';

/** The frame of the help centre and the integration guide: a header menu switching between the two. */
export function DocSiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <div className={styles.page}>
      <a href="#main-content" className="q-skip-link">
        {t('layout.skipToContent')}
      </a>
      <header className={styles.header}>
        <Link
          to={hasToken() ? '/dashboard' : '/login'}
          className={styles.logo}
          aria-label={t('help.backToApp')}
        >
          <Logo />
        </Link>
        <Menu
          mode="horizontal"
          selectedKeys={[pathname]}
          className={styles.menu}
          items={[
            { key: '/help', label: <Link to="/help">{t('help.title')}</Link> },
            { key: '/openapi', label: <Link to="/openapi">{t('help.openapi')}</Link> },
          ]}
        />
        <LanguageSelect />
      </header>
      {/* The page's main landmark (axe landmark-one-main, region): the skip link lands here. */}
      <main id="main-content" className={styles.body} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
