import styles from './auth-form.module.css';

/**
 * Title (the page's h1) and optional subtitle at the top of an auth card. Plain elements: antd's Typography
 * would add about 16 KB to the login page for two lines of text.
 */
export function FormHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </div>
  );
}
