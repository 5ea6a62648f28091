import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { hugeJsonAnswer } from '../../../../../../bench/huge-doc.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import type { DebugResponse } from '../debug-send.ts';
import { ResponseView } from './response-view.tsx';

/** The issue #29 answer (bench/huge-doc.ts): 10,000 objects, 10 MB, about 440,000 pretty lines. */
const answer = (objects: number): DebugResponse => ({
  status: 200,
  ms: 12,
  headers: [['content-type', 'application/json']],
  contentType: 'application/json',
  body: new TextEncoder().encode(hugeJsonAnswer(objects)),
  via: 'proxy',
});
const huge = answer(10_000);

const drawn = () => document.querySelectorAll('[data-testid="debug-body-lines"] [data-line]');

function show(response = huge) {
  renderRoutes([{ path: '/', element: <ResponseView response={response} /> }], '/');
}

// Slow in jsdom (the layout runs in the page there, as jsdom has no Worker): generous time.
describe('the debug panel with a 10 MB JSON answer', { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('draws a bounded number of lines of the pretty print', async () => {
    show();
    await screen.findByTestId('debug-body-lines');
    expect(drawn().length).toBeGreaterThan(10);
    expect(drawn().length).toBeLessThan(100);
    const box = screen.getByTestId('debug-body-lines').firstElementChild as HTMLElement;
    // Every line has its place in the scroll height: the whole answer, not a cut.
    expect(Number.parseInt(box.style.height, 10) / 20).toBeGreaterThan(400_000);
  });

  it('finds a value deep in the answer, opening the closed containers around it', async () => {
    show();
    await screen.findByTestId('debug-body-lines');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    // 10,000 closed objects between the array's brackets.
    await waitFor(() => {
      const box = screen.getByTestId('debug-body-lines').firstElementChild as HTMLElement;
      expect(Number.parseInt(box.style.height, 10) / 20).toBe(10_002);
    });
    fireEvent.change(screen.getByTestId('json-search'), { target: { value: 'CUSTOMER9876@' } });
    const current = await waitFor(() => {
      const line = document.querySelector('[data-match="current"]');
      expect(line).not.toBeNull();
      return line as HTMLElement;
    });
    expect(current.textContent).toBe('"email": "customer9876@example.com",');
    expect(current.querySelector('mark')?.textContent).toBe('customer9876@');
    expect(screen.getByTestId('json-matches').textContent).toBe('1 of 1');
    // Its object and the customer object inside it were opened; the other objects stay closed.
    const expand = screen.getAllByRole('button', { name: /^(Expand|Collapse) line/ });
    expect(expand.some((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(drawn().length).toBeLessThan(100);
  });

  it('steps through matches with Enter and closes a container from its caret', async () => {
    show(answer(1000));
    await screen.findByTestId('debug-body-lines');
    const search = screen.getByTestId('json-search');
    fireEvent.change(search, { target: { value: 'Customer 99' } });
    await waitFor(() => expect(screen.getByTestId('json-matches').textContent).toBe('1 of 11'));
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('json-matches').textContent).toBe('2 of 11'));
    expect(document.querySelector('[data-match="current"]')?.textContent).toBe('"name": "Customer 990",');
    fireEvent.keyDown(search, { key: 'Enter', shiftKey: true });
    await waitFor(() => expect(screen.getByTestId('json-matches').textContent).toBe('1 of 11'));
    const caret = screen.getAllByRole('button', { name: /^Collapse line/ })[0] as HTMLElement;
    fireEvent.click(caret);
    expect(caret.getAttribute('aria-expanded')).toBe('false');
  });
});
