/** @jsxRuntime automatic */
import type { ParamRow } from '@quire/api-model';
import { type KeyboardEvent, useDeferredValue, useMemo, useState } from 'react';
import { fill, useReaderHost } from './host.tsx';
import { type ParamLine, paramLines, parentIndex } from './param-lines.ts';

const NONE: ReadonlySet<string> = new Set();

/** Text of a description without its markup, for matching. */
function plain(html: string): string {
  return /[<&]/.test(html) ? html.replace(/<[^>]*>/g, ' ') : html;
}

/** Whether a row's name, type, description or example holds `needle` (lower case). */
function rowMatches(row: ParamRow, needle: string): boolean {
  return (
    row.name.toLowerCase().includes(needle) ||
    row.type.toLowerCase().includes(needle) ||
    row.example.toLowerCase().includes(needle) ||
    plain(row.description).toLowerCase().includes(needle)
  );
}

/**
 * Finding a row in a large param table. The table draws only the rows in view (and closed rows hide theirs),
 * so the browser's find-in-page cannot reach the rest: this searches every row of the tree, closed or not.
 * `found` is the current match; `jump(line, ancestors)` is the table's to open what hides it and show it.
 */
export function useParamFind(params: ReadonlyArray<ParamRow>) {
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const deferred = useDeferredValue(query.trim().toLowerCase());
  // Every row in pre-order, closed ones too: a 10,000-row tree is scanned in a few milliseconds.
  const all = useMemo(() => paramLines(params, NONE), [params]);
  const matches = useMemo(() => {
    if (!deferred) return [];
    const out: number[] = [];
    all.forEach((line, i) => {
      if (rowMatches(line.row, deferred)) out.push(i);
    });
    return out;
  }, [all, deferred]);
  const at = matches.length ? Math.min(current, matches.length - 1) : -1;

  /** The keys of the rows around match `i` (the rows to open to show it). */
  const ancestorsOf = (i: number): string[] => {
    const out: string[] = [];
    for (let p = parentIndex(all, i); p >= 0; p = parentIndex(all, p)) out.push((all[p] as ParamLine).key);
    return out;
  };
  const found = at >= 0 ? (all[matches[at] as number] ?? null) : null;
  return {
    query,
    setQuery: (value: string) => {
      setQuery(value);
      setCurrent(0);
    },
    count: matches.length,
    at,
    found,
    ancestors: found && at >= 0 ? ancestorsOf(matches[at] as number) : [],
    step: (by: number) => {
      if (matches.length)
        setCurrent(((((at < 0 ? 0 : at) + by) % matches.length) + matches.length) % matches.length);
    },
    searched: deferred !== '',
  };
}

/** The find box above a large param table: Enter goes to the next match, Shift+Enter to the previous. */
export function ParamFind({
  find,
  onGo,
}: {
  find: ReturnType<typeof useParamFind>;
  /** Called with the match to show after the box moved to it (Enter, the buttons). */
  onGo(by: number): void;
}) {
  const { labels } = useReaderHost();
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onGo(event.shiftKey ? -1 : 1);
  };
  return (
    <span className="q-rd-find">
      <input
        type="search"
        className="q-rd-find-input"
        placeholder={labels.findInParams}
        aria-label={labels.findInParams}
        value={find.query}
        onChange={(event) => find.setQuery(event.target.value)}
        onKeyDown={onKey}
        data-testid="param-search"
      />
      <button type="button" className="q-rd-button" disabled={!find.count} onClick={() => onGo(-1)}>
        <span aria-hidden="true">↑</span>
        <span className="q-rd-sr">{labels.findPrev}</span>
      </button>
      <button type="button" className="q-rd-button" disabled={!find.count} onClick={() => onGo(1)}>
        <span aria-hidden="true">↓</span>
        <span className="q-rd-sr">{labels.findNext}</span>
      </button>
      <span className="q-rd-muted" aria-live="polite" data-testid="param-search-count">
        {find.searched
          ? find.count
            ? fill(labels.findMatches, find.at + 1, find.count)
            : labels.findNone
          : ''}
      </span>
    </span>
  );
}
