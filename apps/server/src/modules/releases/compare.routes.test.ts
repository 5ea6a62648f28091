import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface ComparisonAnswer {
  operations: Array<{
    key: string;
    kind: string;
    level: string;
    docId: string;
    changes: Array<{ rule: string; path: string }>;
  }>;
  summary: { levels: Record<string, number>; breakingOperations: number; operations: Record<string, number> };
}

const SPEC = `openapi: 3.0.3
info: {title: Shop, version: '2'}
paths:
  /goods:
    get:
      summary: Goods
      parameters:
        - {name: page, in: query, required: true, schema: {type: integer}}
      responses: {'200': {description: ok}}
  /carts:
    get:
      summary: Carts
      responses: {'200': {description: ok}}
`;

describe.each(testDialects())('comparisons on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  it('POST /api/module/compare answers what a push of the description would change, writing nothing', async () => {
    const goods = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Goods',
      url: '/goods',
      httpMethod: 'GET',
    });
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Orders', url: '/orders', httpMethod: 'GET' });
    const diff = await expectOk<ComparisonAnswer>(
      t.post('/api/module/compare', { moduleId: w.moduleId, content: SPEC }, { token: w.token }),
    );
    expect(diff.operations.map((o) => [o.key, o.kind, o.level])).toEqual([
      ['GET /goods', 'changed', 'breaking'],
      ['GET /orders', 'removed', 'breaking'],
      ['GET /carts', 'added', 'non-breaking'],
    ]);
    expect(diff.operations[0]?.docId).toBe(goods.id);
    expect(diff.operations[0]?.changes.map((c) => `${c.rule}:${c.path}`)).toContain(
      'request-param-added-required:page',
    );
    // Nothing was written: the application still has its two docs and no /carts.
    const again = await expectOk<ComparisonAnswer>(
      t.post('/api/module/compare', { moduleId: w.moduleId, content: SPEC }, { token: w.token }),
    );
    expect(again.summary.operations).toEqual({ added: 1, removed: 1, changed: 1 });
  });

  it('refuses text that is not a description, in the caller language', async () => {
    const msg = await expectError(
      t.post(
        '/api/module/compare',
        { moduleId: w.moduleId, content: '{"hello": 1}' },
        { token: w.token, lang: 'en' },
      ),
      400,
      'compare.invalid_source',
    );
    expect(msg).toContain('cannot be compared');
    const zh = await expectError(
      t.post(
        '/api/module/compare',
        { moduleId: w.moduleId, content: 'a: [' },
        { token: w.token, lang: 'zh-CN' },
      ),
      400,
      'compare.invalid_source',
    );
    expect(zh).toContain('无法对比');
    const outsider = await createDocWorld(t);
    await expectError(
      t.post('/api/module/compare', { moduleId: w.moduleId, content: SPEC }, { token: outsider.token }),
      403,
      'auth.forbidden',
    );
  });

  it('GET /api/doc/revision/compare classifies the changes between two revisions of one doc', async () => {
    const first = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Get user',
      url: '/users',
      httpMethod: 'GET',
      queryParams: [{ name: 'state', type: 'enum', enumContent: 'on,off', required: false }],
    });
    const second = await saveDoc(t, w.token, {
      id: first.id,
      moduleId: w.moduleId,
      revision: first.revision,
      name: 'Get user',
      url: '/users',
      httpMethod: 'POST',
      queryParams: [{ name: 'state', type: 'enum', enumContent: 'on', required: false }],
    });
    const diff = await expectOk<ComparisonAnswer>(
      t.get(`/api/doc/revision/compare?docId=${first.id}&from=${first.revision}&to=${second.revision}`, {
        token: w.token,
      }),
    );
    expect(diff.operations).toHaveLength(1);
    expect(diff.operations[0]?.changes.map((c) => c.rule)).toEqual([
      'method-changed',
      'request-enum-value-removed',
    ]);
    const same = await expectOk<ComparisonAnswer>(
      t.get(`/api/doc/revision/compare?docId=${first.id}&from=1&to=1`, { token: w.token }),
    );
    expect(same.operations).toEqual([]);
  });
});
