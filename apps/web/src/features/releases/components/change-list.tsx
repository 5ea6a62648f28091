import type { ChangeLevel } from '@quire/api-model';
import type { Comparison } from '@quire/shared';
import { Button, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './change-list.module.css';

const LEVEL_KEY = {
  breaking: 'releases.breaking',
  'non-breaking': 'releases.nonBreaking',
  docs: 'releases.docsOnly',
} as const;

/**
 * A level's tag, in the reader's language: a plain element drawn like antd's Tag (red, blue, grey), since a
 * list holds one per operation and per change and antd's Tag costs several times a plain element to render
 * (docs/releases.md, "Figures"). Colours: change-list.module.css, 4.5:1 or more in both themes.
 */
export function LevelTag({ level }: { level: ChangeLevel }) {
  const { t } = useTranslation();
  return (
    <span className={styles.level} data-tag={level}>
      {t(LEVEL_KEY[level])}
    </span>
  );
}

/**
 * Operations rendered at first and per "show more": a comparison of two versions of a large description
 * (1,000+ operations, thousands of changes) renders in about a second on its own otherwise (docs/releases.md,
 * "Figures"); breaking operations come first, so the first page holds what a reader looks for first.
 */
export const CHANGE_PAGE = 50;

/**
 * The operations of a comparison, breaking ones first (the server's order), each with its changes: the place
 * and path, and the rule that decided the level (rule ids are stable names, shown as they are). With `onMore`
 * the comparison holds only the first operations (the summary counts them all) and "show more" asks the caller
 * for `onMore(count)` operations; without it the list shows a page of what it holds at a time.
 */
export function ChangeList({
  comparison,
  emptyText,
  onMore,
  loadingMore = false,
}: {
  comparison: Comparison;
  emptyText: string;
  onMore?: (count: number) => void;
  loadingMore?: boolean;
}) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(CHANGE_PAGE);
  const { summary } = comparison;
  if (!comparison.operations.length) return <Empty description={emptyText} />;
  const total = summary.operations.added + summary.operations.removed + summary.operations.changed;
  const visible = onMore ? comparison.operations : comparison.operations.slice(0, pages);
  const shown = visible.length;
  const step = CHANGE_PAGE * 4;
  return (
    <section aria-label={t('releases.changelog')}>
      <Typography.Paragraph>
        {t('releases.summary', {
          0: summary.levels.breaking,
          1: summary.levels['non-breaking'],
          2: summary.levels.docs,
        })}
      </Typography.Paragraph>
      <ul className={styles.operations}>
        {visible.map((op) => (
          <li key={`${op.kind}:${op.docId}:${op.key}`} className={styles.operation} data-level={op.level}>
            {/* Plain elements: a page holds hundreds of changes, and antd's Typography and Tag cost several
                times a plain element to render each (docs/releases.md, "Figures"). */}
            <div className={styles.heading}>
              <LevelTag level={op.level} />
              <code className={styles.code}>{op.key}</code>
              <span>{op.name}</span>
              <span className={styles.secondary}>
                {t(`releases.${op.kind}`)}
                {op.moduleName ? ` · ${op.moduleName}` : ''}
              </span>
            </div>
            {op.kind === 'changed' ? (
              <ul className={styles.changes}>
                {op.changes.map((change) => (
                  <li
                    key={`${change.rule}:${change.where}:${change.path}:${change.before ?? ''}:${change.after ?? ''}`}
                  >
                    <LevelTag level={change.level} />
                    {change.where !== 'operation' ? (
                      <code
                        className={styles.code}
                      >{`${change.where}${change.path ? ` ${change.path}` : ''}`}</code>
                    ) : null}{' '}
                    <span className={styles.secondary}>
                      {change.rule}
                      {change.before !== undefined || change.after !== undefined
                        ? ` (${change.before ?? ''} → ${change.after ?? ''})`
                        : ''}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {total > shown ? (
        <Button
          type="link"
          loading={loadingMore}
          onClick={() => (onMore ? onMore(shown + step) : setPages(shown + step))}
        >
          {t('releases.showMore', { 0: Math.min(step, total - shown), 1: total })}
        </Button>
      ) : null}
    </section>
  );
}
