import { Card, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './card-grid.module.css';

/** Skeleton cards while a grid's list loads, marked busy for screen readers. */
export function CardGridSkeleton({ rows }: { rows: number }) {
  return (
    <div className={styles.grid} aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Card key={key}>
          <Skeleton active paragraph={{ rows }} />
        </Card>
      ))}
    </div>
  );
}

/** The explained empty state of a card grid: what would be here, and the action that adds it (if allowed). */
export function EmptyCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Card className={styles.emptyCard}>
      <Empty
        description={
          <>
            <Typography.Title level={2} className={styles.emptyTitle}>
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{text}</Typography.Text>
          </>
        }
      >
        {children}
      </Empty>
    </Card>
  );
}
