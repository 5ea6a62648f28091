import { APP_VERSION } from '@quire/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSelect } from '../components/language-select.tsx';
import { Logo } from '../components/logo.tsx';
import styles from './auth-layout.module.css';

/**
 * The frame of the pages shown before login (login, registration, password pages, 404): the logo above a
 * centred card, the language select in the top-right corner.
 */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={styles.page}>
      {/* A banner landmark: the language select is page content too, and all of it sits in landmarks. */}
      <header className={styles.corner}>
        <LanguageSelect />
      </header>
      <main className={styles.center}>
        <Link to="/" className={styles.logo} aria-label="Quire">
          <Logo />
        </Link>
        <div className={`${styles.card} ${wide ? styles.wide : ''}`}>{children}</div>
      </main>
      <footer className={styles.footer}>Quire v{APP_VERSION}</footer>
    </div>
  );
}
