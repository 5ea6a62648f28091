import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/** Date-times an export may print (generation time): masked, so two exports compare by their content. */
const STAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g;

/** The text of an export answer: a zip (Word) as its entries' texts by name, else the body. */
function contentOf(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(200);
  const bytes = new Uint8Array(res.rawPayload);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const files = unzipSync(bytes);
    return Object.keys(files)
      .sort()
      .map((name) => `${name}\n${strFromU8(files[name] ?? new Uint8Array())}`)
      .join('\n')
      .replace(STAMP, '<time>');
  }
  return res.body.replace(STAMP, '<time>');
}

describe.each(testDialects())('exports of a release on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let envId: string;
  let releaseId: string;
  const before = new Map<string, string>();
  const FORMATS = ['markdown', 'html', 'word', 'openapi', 'postman'] as const;

  const exportOf = (format: string, extra: Record<string, unknown> = {}) =>
    t.post(
      '/api/doc/export',
      { format, moduleId: w.moduleId, environmentIds: [envId], ...extra },
      { token: w.token, lang: 'en' },
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    const token = w.token;
    envId = (
      await expectOk<{ id: string }>(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name: 'prod', baseUrl: 'https://api.example.test' },
          { token },
        ),
      )
    ).id;
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { moduleId: w.moduleId, name: 'Orders' }, { token }),
    );
    const order = await saveDoc(t, token, {
      moduleId: w.moduleId,
      parentId: folder.id,
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id', type: 'number', example: '42' }],
      responseParams: [{ name: 'total', type: 'number', required: true }],
    });
    const login = await saveDoc(t, token, {
      moduleId: w.moduleId,
      name: 'Login',
      url: '/login',
      httpMethod: 'POST',
      contentType: 'application/json',
      requestParams: [{ name: 'user', type: 'string', example: 'ann' }],
    });
    // The application's export at this moment, in every format.
    for (const format of FORMATS) before.set(format, contentOf(await exportOf(format)));
    releaseId = (
      await expectOk<{ id: string }>(
        t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '1.0' }, { token }),
      )
    ).id;
    // The docs move on: one changed, one deleted, one added.
    await saveDoc(t, token, {
      id: order.id,
      moduleId: w.moduleId,
      parentId: folder.id,
      revision: order.revision,
      name: 'Get order v2',
      url: '/v2/orders/{id}',
      httpMethod: 'GET',
      responseParams: [{ name: 'amount', type: 'string', required: true }],
    });
    await expectOk(t.post('/api/doc/delete', { id: login.id }, { token }));
    await saveDoc(t, token, { moduleId: w.moduleId, name: 'Carts', url: '/carts', httpMethod: 'GET' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(FORMATS)(
    'exports the release in %s as the application was exported when it was made',
    async (format) => {
      const now = contentOf(await exportOf(format));
      expect(now).not.toBe(before.get(format));
      expect(now).toContain('Carts');
      const released = contentOf(await exportOf(format, { releaseId }));
      expect(released).toBe(before.get(format));
      expect(released).toContain('Login');
      expect(released).not.toContain('Carts');
    },
  );

  it('refuses a release of another project', async () => {
    const other = await createDocWorld(t);
    const foreign = await expectOk<{ id: string }>(
      t.post(
        '/api/project/release/add',
        { projectId: other.projectId, releaseNo: 'x' },
        { token: other.token },
      ),
    );
    await expectError(exportOf('markdown', { releaseId: foreign.id }), 404, 'release.not_found');
  });
});
