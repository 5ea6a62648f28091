import type { Comparison } from '@quire/shared';
import { Button, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANGE_PAGE, ChangeOperations, type ReleaseText } from './change-operations.tsx';

export { CHANGE_PAGE };

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
  const text: ReleaseText = (key, args) => t(`releases.${key}`, args);
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
      <ChangeOperations operations={visible} text={text} />
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
