import { afterEach, describe, expect, it } from 'vitest';
import { TabSyncQueryClient } from './tab-sync-query-client.ts';

/** Two clients on one channel stand for two tabs of the app. */
function twoTabs() {
  const name = `test-${Math.random()}`;
  const a = new TabSyncQueryClient(undefined, name);
  const b = new TabSyncQueryClient(undefined, name);
  opened.push(a, b);
  return { a, b };
}

const opened: TabSyncQueryClient[] = [];

function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > ms) reject(new Error('timed out'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

const isInvalidated = (client: TabSyncQueryClient, key: string[]) =>
  client.getQueryCache().find({ queryKey: key })?.state.isInvalidated ?? false;

describe('TabSyncQueryClient', () => {
  afterEach(() => {
    for (const client of opened.splice(0)) client.close();
  });

  it('invalidates in the other tabs what one tab invalidated, and only that', async () => {
    const { a, b } = twoTabs();
    b.setQueryData(['environments', 'm1'], [{ id: 'e1' }]);
    b.setQueryData(['docs', 'detail', 'd1'], { id: 'd1' });
    await a.invalidateQueries({ queryKey: ['environments'] });
    await waitFor(() => isInvalidated(b, ['environments', 'm1']));
    expect(isInvalidated(b, ['docs', 'detail', 'd1'])).toBe(false);
  });

  it('makes the other tabs refetch a key one tab replaced after a change, without sending the data', async () => {
    const { a, b } = twoTabs();
    b.setQueryData(['modules', 'setting', 'm1'], { moduleId: 'm1', allowMethods: ['GET'] });
    await waitFor(() => !isInvalidated(b, ['modules', 'setting', 'm1']));
    a.setQueryData(['modules', 'setting', 'm1'], { moduleId: 'm1', allowMethods: ['GET', 'POST'] });
    await waitFor(() => isInvalidated(b, ['modules', 'setting', 'm1']));
    // The other tab keeps its own data until its refetch: nothing crossed but the key.
    expect(b.getQueryData(['modules', 'setting', 'm1'])).toEqual({ moduleId: 'm1', allowMethods: ['GET'] });
  });

  it('does not echo what it applied from another tab back to the others', async () => {
    const { a, b } = twoTabs();
    b.setQueryData(['spaces'], []);
    await new Promise((resolve) => setTimeout(resolve, 20));
    a.setQueryData(['spaces'], [{ id: 's1' }]);
    await waitFor(() => isInvalidated(b, ['spaces']));
    // b applying a's message must not send one back that would invalidate a's fresh data.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isInvalidated(a, ['spaces'])).toBe(false);
  });
});
