import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld } from '../../../test/doc-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/** The change report a push answers (docs/releases.md "In the pipeline"). */
interface Report {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  changes: {
    operations: { added: number; removed: number; changed: number };
    breakingOperations: number;
    breaking: Array<{ operation: string; changes: Array<{ rule: string; path: string }> }>;
  };
}

const field = (name: string) => ({ name, type: 'string', required: '1', description: name });

/** A Torna push of the given APIs; the first holds the response fields given. */
function push(apis: Array<{ url: string; response?: string[] }>, isReplace: 0 | 1) {
  return {
    isReplace,
    author: 'ci',
    apis: apis.map(({ url, response = [] }) => ({
      name: `Op ${url}`,
      url,
      httpMethod: 'GET',
      description: '',
      responseParams: response.map(field),
    })),
  };
}

describe.each(testDialects())(
  'a push answers what it changed, read from the sync itself, on %s',
  (dialect) => {
    let t: TestApp;
    let w: DocWorld;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => {
      await t.close();
    });
    beforeEach(async () => {
      w = await createDocWorld(t);
      token = await refreshPushToken(t, w.token, w.moduleId);
    });

    const send = async (data: unknown) => (await openOk(openCall(t, 'doc.push', data, token))) as Report;

    it('reports an added, a changed and a removed operation, and nothing of the docs it left as they were', async () => {
      const first = await send(
        push(
          [
            { url: '/keep', response: ['id'] },
            { url: '/change', response: ['id', 'name'] },
            { url: '/drop', response: ['id'] },
          ],
          1,
        ),
      );
      expect(first.changes.operations).toEqual({ added: 3, removed: 0, changed: 0 });

      const second = await send(
        push(
          [
            { url: '/keep', response: ['id'] },
            { url: '/change', response: ['id'] },
            { url: '/new', response: ['id'] },
          ],
          1,
        ),
      );
      expect([second.added, second.updated, second.deleted, second.unchanged]).toEqual([1, 1, 1, 1]);
      expect(second.changes.operations).toEqual({ added: 1, removed: 1, changed: 1 });
      expect(second.changes.breakingOperations).toBe(2);
      const breaking = Object.fromEntries(
        second.changes.breaking.map((op) => [
          op.operation,
          op.changes.map((c) => `${c.rule} ${c.path}`.trim()),
        ]),
      );
      expect(breaking).toEqual({
        'GET /change': ['response-field-removed name'],
        'GET /drop': ['operation-removed'],
      });

      // The same push again changes nothing and reports nothing.
      const again = await send(
        push(
          [
            { url: '/keep', response: ['id'] },
            { url: '/change', response: ['id'] },
            { url: '/new', response: ['id'] },
          ],
          1,
        ),
      );
      expect(again.unchanged).toBe(3);
      expect(again.changes.operations).toEqual({ added: 0, removed: 0, changed: 0 });
    });

    it('gives each of two pushes at once its own change, never the other one', async () => {
      await send(push([{ url: '/a', response: ['id', 'x'] }], 0));
      await send(push([{ url: '/b', response: ['id', 'y'] }], 0));
      // Both queue on the application; each report names only the operation its own push changed.
      const [a, b] = await Promise.all([
        send(push([{ url: '/a', response: ['id'] }], 0)),
        send(push([{ url: '/b', response: ['id'] }], 0)),
      ]);
      expect(a.changes.breaking.map((op) => op.operation)).toEqual(['GET /a']);
      expect(b.changes.breaking.map((op) => op.operation)).toEqual(['GET /b']);
    });
  },
);
