import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** A page's title (the one h1 of the screen) with optional actions on the right. */
export function PageHeader({
  title,
  extra,
  description,
}: {
  title: string;
  extra?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <div>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
      </div>
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}
