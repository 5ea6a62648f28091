import { APP_VERSION } from '@quire/shared';
import styles from './logo.module.css';

/** The product mark, as an inline SVG so it costs no request. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#2f54eb" />
      <path d="M9 8h11a3 3 0 0 1 3 3v13H12a3 3 0 0 1-3-3z" fill="#fff" />
      <path d="M13 13h6M13 17h6M13 21h3" stroke="#2f54eb" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Mark, name and optionally the version, side by side (login card, help header). */
export function Logo({
  showVersion = false,
  tone = 'dark',
}: {
  showVersion?: boolean;
  tone?: 'dark' | 'light';
}) {
  return (
    <span className={`${styles.logo} ${tone === 'light' ? styles.light : ''}`}>
      <LogoMark />
      <span className={styles.name}>Quire</span>
      {showVersion ? <span className={styles.version}>v{APP_VERSION}</span> : null}
    </span>
  );
}
