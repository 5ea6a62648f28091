// @vitest-environment jsdom
import type { ParamRow } from '@quire/api-model';
import { docPage as en } from '@quire/shared/i18n/en/doc-page';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DOMPurify from 'dompurify';
import { afterEach, describe, expect, it } from 'vitest';
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
  sanitizeHtml: (html: string) => DOMPurify.sanitize(html),
  renderMarkdown: (source: string) => source,
};

const row = (name: string, extra: Partial<ParamRow> = {}): ParamRow => ({
  id: '',
  name,
  type: 'string',
  required: false,
  maxLength: '',
  example: '',
  description: '',
  enumId: '',
  enumContent: '',
  children: [],
  ...extra,
});

const DICT = {
  id: 'e1',
  moduleId: 'm1',
  name: 'Status',
  description: '',
  items: [
    { id: 'i1', name: 'PAID', type: 'number', value: '1', description: 'paid' },
    { id: 'i2', name: 'SENT', type: 'number', value: '2', description: '' },
  ],
};

const PARAMS: ParamRow[] = [
  row('data', {
    id: 'd',
    type: 'object',
    required: true,
    children: [
      row('status', { id: 's', type: 'number', maxLength: '2', enumId: 'e1', example: '1' }),
      row('color', {
        id: 'c',
        enumContent: 'RED,GREEN',
        description: 'Paint <b>colour</b><script>x()</script>',
      }),
      row('items', { id: 'i', type: 'array', children: [row('sku', { id: 'k', description: 'a & b' })] }),
    ],
  }),
  row('ok', { id: 'o', type: 'boolean' }),
];

function show(params: ReadonlyArray<ParamRow>, simple = false) {
  return render(
    <ReaderProvider host={host}>
      <ParamTreeGrid params={params} enums={[DICT]} label="Response" simple={simple} />
    </ReaderProvider>,
  );
}

const names = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('code')?.textContent);

describe('ParamTreeGrid', () => {
  afterEach(cleanup);

  it('shows every row open, with its columns, the dictionary inline and descriptions sanitized', () => {
    show(PARAMS);
    const grid = screen.getByRole('treegrid', { name: 'Response' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([en.colName, en.colType, en.colRequired, en.colMaxLength, en.colDescription, en.colExample]);
    expect(names(grid)).toEqual(['data', 'status', 'color', 'items', 'sku', 'ok']);
    const status = within(grid).getAllByRole('row')[2] as HTMLElement;
    expect(status.getAttribute('aria-level')).toBe('2');
    expect(
      within(status)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['status', 'number', en.requiredNo, '2', 'Status: 1 paid2', '1']);
    const data = within(grid).getAllByRole('row')[1] as HTMLElement;
    expect(data.getAttribute('aria-expanded')).toBe('true');
    expect(within(data).getByText(en.requiredYes)).toBeTruthy();
    const color = within(grid).getAllByRole('row')[3] as HTMLElement;
    expect(color.querySelector('b')?.textContent).toBe('colour');
    expect(color.querySelector('script')).toBeNull();
    expect(within(color).getByText('RED,GREEN')).toBeTruthy();
    expect(within(grid).getByText('a & b')).toBeTruthy();
  });

  it('leaves out type and length for headers and path params', () => {
    show([row('X-Trace', { maxLength: '64' })], true);
    const grid = screen.getByRole('treegrid');
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(4);
    expect(within(grid).queryByText('64')).toBeNull();
  });

  it('collapses and expands one row or all of them', async () => {
    show(PARAMS);
    const grid = screen.getByRole('treegrid');
    await userEvent.click(screen.getByRole('button', { name: en.collapseRow.replace('{0}', 'items') }));
    expect(names(grid)).toEqual(['data', 'status', 'color', 'items', 'ok']);
    await userEvent.click(screen.getByRole('button', { name: en.collapseRows }));
    expect(names(grid)).toEqual(['data', 'ok']);
    expect(within(grid).getAllByRole('row')[1]?.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: en.expandRows }));
    expect(names(grid)).toEqual(['data', 'status', 'color', 'items', 'sku', 'ok']);
  });

  it('moves, opens and closes rows with the keyboard', async () => {
    show(PARAMS);
    const grid = screen.getByRole('treegrid');
    const active = () => document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
    const activeName = () => active()?.querySelector('code')?.textContent;
    act(() => grid.focus());
    expect(activeName()).toBe('data');
    await userEvent.keyboard('{ArrowLeft}'); // closes data
    expect(names(grid)).toEqual(['data', 'ok']);
    await userEvent.keyboard('{ArrowRight}'); // opens it
    await userEvent.keyboard('{ArrowRight}'); // to its first child
    expect(activeName()).toBe('status');
    await userEvent.keyboard('{End}');
    expect(activeName()).toBe('ok');
    await userEvent.keyboard('{ArrowUp}{ArrowLeft}'); // sku has no children: Left goes to its parent
    expect(activeName()).toBe('items');
    await userEvent.keyboard('{Enter}');
    expect(active()?.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{Home}');
    expect(activeName()).toBe('data');
  });

  it('draws only the rows in view of a large table and follows the active row', async () => {
    const big = Array.from({ length: 10 }, (_, g) =>
      row(`group${g}`, {
        type: 'object',
        children: Array.from({ length: 99 }, (_, f) => row(`field${g}_${f}`)),
      }),
    );
    show(big);
    const grid = screen.getByRole('treegrid');
    expect(grid.getAttribute('aria-rowcount')).toBe('1001');
    const drawn = within(grid).getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    act(() => grid.focus());
    await userEvent.keyboard('{End}');
    fireEvent.scroll(grid.parentElement as HTMLElement); // jsdom does not fire it when scrollTop is set
    const last = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
    expect(last?.querySelector('code')?.textContent).toBe('field9_98');
    expect(last?.getAttribute('aria-rowindex')).toBe('1001');
  });
});
