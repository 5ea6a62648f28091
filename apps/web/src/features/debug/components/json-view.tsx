import { CopyOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Input, Space, Spin, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import type { JsonLines } from '../json-lines.ts';
import { ancestorsOf, containersBelow, lineText, visibleLines } from '../json-lines.ts';
import { JsonLine, LINE_HEIGHT } from './json-line.tsx';
import styles from './json-view.module.css';

const HEIGHT = 420;
// Lines drawn above and below the box, so a fast scroll shows no blank band.
const OVERSCAN = 30;
// Typing pauses this long before the search runs (in the worker).
const SEARCH_DELAY_MS = 200;

/** Index of `value` in the ascending `sorted`, or where it would go. */
function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A JSON answer as its pretty print, of any size: only the lines in view are drawn (a 10 MB answer is 400,000
 * lines), containers open and close (alone or all at once), and a search (run in the worker) marks every
 * match and jumps between them, opening what hides a match. Laid out by `useJsonDoc` (json-doc.ts).
 */
export function JsonView({
  lines,
  label,
  search,
  copy,
}: {
  lines: JsonLines;
  label: string;
  search(query: string): Promise<Int32Array>;
  /** The body's text, made only when copied (a 10 MB decode is not free). */
  copy(): string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const [top, setTop] = useState(0);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; matches: Int32Array }>({
    query: '',
    matches: new Int32Array(0),
  });
  const [current, setCurrent] = useState(-1);
  const visible = useMemo(() => visibleLines(lines, collapsed), [lines, collapsed]);

  // The search runs once typing pauses; a newer query's answer replaces an older one, never the reverse.
  useEffect(() => {
    const needle = query.trim();
    if (!needle) {
      setFound({ query: '', matches: new Int32Array(0) });
      setCurrent(-1);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void search(needle).then((matches) => {
        if (!live) return;
        setFound({ query: needle, matches });
        setCurrent(matches.length ? 0 : -1);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, search]);

  const target = current >= 0 ? (found.matches[current] ?? -1) : -1;

  // Jumping to a match: open every container around it, then scroll it to the middle of the box.
  useEffect(() => {
    if (target < 0) return;
    const hidden = ancestorsOf(lines, target).filter((line) => collapsed.has(line));
    if (hidden.length) {
      setCollapsed((now) => {
        const next = new Set(now);
        for (const line of hidden) next.delete(line);
        return next;
      });
      return;
    }
    const element = box.current;
    if (!element) return;
    const at = lowerBound(visible, target) * LINE_HEIGHT;
    if (at < element.scrollTop || at + LINE_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, at - HEIGHT / 2);
      setTop(element.scrollTop);
    }
  }, [target, lines, collapsed, visible]);

  const toggle = useCallback((index: number) => {
    setCollapsed((now) => {
      const next = new Set(now);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }, []);

  const step = (by: number) => {
    const count = found.matches.length;
    if (count) setCurrent((now) => (((now + by) % count) + count) % count);
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    step(event.shiftKey ? -1 : 1);
  };

  const first = Math.max(0, Math.floor(top / LINE_HEIGHT) - OVERSCAN);
  const last = Math.min(visible.length, Math.ceil((top + HEIGHT) / LINE_HEIGHT) + OVERSCAN);
  const needle = found.query.toLowerCase();
  const rows = [];
  for (let v = first; v < last; v++) {
    const i = visible[v] ?? 0;
    const close = lines.close[i] ?? -1;
    rows.push(
      <JsonLine
        key={i}
        index={i}
        text={lineText(lines, i)}
        depth={lines.depth[i] ?? 0}
        top={v * LINE_HEIGHT}
        closeText={close >= 0 ? lineText(lines, close) : null}
        collapsed={collapsed.has(i)}
        needle={needle}
        current={i === target}
        onToggle={toggle}
      />,
    );
  }
  const count = found.matches.length;
  return (
    <div>
      <div className={styles.toolbar}>
        <Input
          size="small"
          allowClear
          style={{ width: 260 }}
          placeholder={t('debug.jsonSearch')}
          aria-label={t('debug.jsonSearch')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onSearchKey}
          data-testid="json-search"
        />
        <Space.Compact size="small">
          <Button
            size="small"
            icon={<UpOutlined />}
            aria-label={t('debug.jsonPrev')}
            disabled={!count}
            onClick={() => step(-1)}
          />
          <Button
            size="small"
            icon={<DownOutlined />}
            aria-label={t('debug.jsonNext')}
            disabled={!count}
            onClick={() => step(1)}
          />
        </Space.Compact>
        <Typography.Text type="secondary" aria-live="polite" data-testid="json-matches">
          {found.query
            ? count
              ? t('debug.jsonMatches', { 0: current + 1, 1: count })
              : t('debug.jsonNoMatch')
            : ''}
        </Typography.Text>
        <Button size="small" onClick={() => setCollapsed(new Set())}>
          {t('debug.jsonExpandAll')}
        </Button>
        <Button size="small" onClick={() => setCollapsed(new Set(containersBelow(lines, 1)))}>
          {t('debug.jsonCollapseAll')}
        </Button>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copyText(copy())}>
          {t('debug.copyBody')}
        </Button>
      </div>
      <section
        ref={box}
        aria-label={label}
        // A scroll box must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
        tabIndex={0}
        className={styles.box}
        data-testid="debug-body-lines"
        onScroll={(event) => setTop(event.currentTarget.scrollTop)}
      >
        <div style={{ height: visible.length * LINE_HEIGHT, position: 'relative', minWidth: 'max-content' }}>
          {rows}
        </div>
      </section>
    </div>
  );
}

/** The viewer's place while the worker lays the answer out. */
export function JsonLaying() {
  const { t } = useTranslation();
  return (
    <Space style={{ padding: 16 }}>
      <Spin size="small" />
      <Typography.Text type="secondary">{t('debug.jsonLaying')}</Typography.Text>
    </Space>
  );
}
