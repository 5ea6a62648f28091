// @vitest-environment jsdom
import { docPage as en } from '@quire/shared/i18n/en/doc-page';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HUGE_DEEP_NAME, HUGE_ROWS, hugeParams } from '../../../bench/huge-doc.ts';
import { ReaderProvider } from './host.tsx';
import { ParamTreeGrid } from './param-tree-grid.tsx';

// jsdom has no ResizeObserver; the grid measures drawn rows with one, and falls back to its row estimate here.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

const host = {
  labels: en,
  language: 'en',
  sanitizeHtml: (html: string) => html,
  renderMarkdown: (s: string) => s,
};

function show() {
  render(
    <ReaderProvider host={host}>
      <ParamTreeGrid params={hugeParams()} enums={[]} label="Response" />
    </ReaderProvider>,
  );
  return screen.getByRole('treegrid');
}

/** Types `text` in the find box at once (key by key is slow on 10,000 rows in jsdom) and presses Enter. */
function find(text: string, shift = false) {
  const box = screen.getByTestId('param-search');
  if ((box as HTMLInputElement).value !== text) fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', shiftKey: shift });
}

const count = () => screen.getByTestId('param-search-count').textContent;

/** The row the grid holds as active (aria-activedescendant), drawn after the scroll the grid asked for. */
function activeRow(grid: HTMLElement) {
  fireEvent.scroll(grid.parentElement as HTMLElement); // jsdom does not fire it when scrollTop is set
  return document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
}

/** The issue #29 doc (bench/huge-doc.ts): 10,000 rows, 6 levels. */
describe('ParamTreeGrid with 10,000 rows', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('draws a bounded number of rows, whatever the size of the tree', () => {
    const grid = show();
    expect(grid.getAttribute('aria-rowcount')).toBe(String(HUGE_ROWS + 1));
    const drawn = within(grid).getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    expect(grid.querySelector('tr[aria-level="6"]')).not.toBeNull();
  });

  it('finds a row at the sixth level near the end, opening the rows closed around it', async () => {
    const grid = show();
    await userEvent.click(screen.getByRole('button', { name: en.collapseRows }));
    expect(grid.getAttribute('aria-rowcount')).toBe('81'); // 64 groups and 16 top-level rows, all closed
    find(HUGE_DEEP_NAME.toUpperCase());
    expect(count()).toBe('1 of 1');
    const row = activeRow(grid);
    expect(row?.querySelector('code')?.textContent).toBe(HUGE_DEEP_NAME);
    expect(row?.getAttribute('aria-level')).toBe('6');
    expect(row?.className).toContain('q-rd-found');
    // The five rows around it are open again (5 children each); the rest stay closed.
    expect(Number(grid.getAttribute('aria-rowcount'))).toBe(81 + 5 * 5);
    // The keyboard goes on from there as usual: up to its parent.
    act(() => grid.focus());
    await userEvent.keyboard('{ArrowLeft}');
    expect(activeRow(grid)?.getAttribute('aria-level')).toBe('5');
  });

  it('steps through several matches with Enter and Shift+Enter', async () => {
    const grid = show();
    find('ledger');
    expect(count()).toBe('1 of 1');
    find('email9');
    expect(count()).toMatch(/^1 of \d+$/);
    const first = activeRow(grid)?.querySelector('code')?.textContent;
    expect(first).toMatch(/^email9/);
    find('email9');
    expect(count()).toMatch(/^2 of /);
    expect(activeRow(grid)?.querySelector('code')?.textContent).not.toBe(first);
    find('email9', true);
    expect(activeRow(grid)?.querySelector('code')?.textContent).toBe(first);
  });
});
