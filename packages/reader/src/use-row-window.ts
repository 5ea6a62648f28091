import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

// Height of a one-line param row; rows not measured yet count as this.
const ESTIMATE = 37;
// Pixels rendered above and below the viewport, so a fast scroll shows no blank band.
const OVERSCAN = 400;
// The scroll box's height before it was measured (its CSS max-height).
const INITIAL_HEIGHT = 600;

/** Index of the first of `tops` (ascending) greater than `value`. */
function upperBound(tops: Float64Array, value: number): number {
  let lo = 0;
  let hi = tops.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tops[mid] ?? 0) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows of a scroll box to render: those in view plus a margin, with the padding that stands for the rest.
 * Rows stay in normal flow (so a row of any height sits right after the one before), and each rendered row is
 * measured by a ResizeObserver, which reports after the browser's own layout instead of forcing one; its
 * height replaces the estimate for the padding and the scrollbar. With `enabled` off, every row renders.
 */
export function useRowWindow(keys: ReadonlyArray<string>, enabled: boolean) {
  const heights = useRef(new Map<string, number>());
  const [, setMeasured] = useState(0);
  const [view, setView] = useState({ top: 0, height: INITIAL_HEIGHT });
  const observer = useRef<ResizeObserver | null>(null);

  useEffect(() => () => observer.current?.disconnect(), []);

  /** A ref callback for each rendered row (which carries its key in `data-key`). */
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !enabled) return;
      if (!observer.current) {
        observer.current = new ResizeObserver((entries) => {
          let changed = false;
          for (const entry of entries) {
            const key = (entry.target as HTMLElement).dataset.key;
            const height = entry.borderBoxSize?.[0]?.blockSize ?? 0;
            if (!key || !height || Math.abs((heights.current.get(key) ?? ESTIMATE) - height) < 0.5) continue;
            heights.current.set(key, height);
            changed = true;
          }
          if (changed) setMeasured((n) => n + 1);
        });
      }
      const current = observer.current;
      current.observe(element);
      return () => current.unobserve(element);
    },
    [enabled],
  );

  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const { scrollTop, clientHeight } = event.currentTarget;
    setView((v) =>
      v.top === scrollTop && v.height === clientHeight ? v : { top: scrollTop, height: clientHeight },
    );
  }, []);

  // Offsets of every row: O(n) per render, a few microseconds for thousands of rows.
  const tops = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++)
    tops[i + 1] = (tops[i] ?? 0) + (heights.current.get(keys[i] ?? '') ?? ESTIMATE);
  const total = tops[keys.length] ?? 0;

  if (!enabled) return { first: 0, last: keys.length, padTop: 0, padBottom: 0, tops, onScroll, measure };
  const first = Math.max(0, upperBound(tops, view.top - OVERSCAN) - 1);
  const last = Math.min(keys.length, upperBound(tops, view.top + view.height + OVERSCAN));
  return {
    first,
    last,
    padTop: tops[first] ?? 0,
    padBottom: total - (tops[last] ?? total),
    tops,
    onScroll,
    measure,
  };
}
