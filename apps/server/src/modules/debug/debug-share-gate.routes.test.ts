import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk, grantInternalAccess } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import { pageAudit } from '../audit/audit.repository.ts';
import type { ShareDebugGate } from './debug-access.ts';

// The shares feature supplies the real gate; this one stands in for it to prove the contract: a share session
// reaches the proxy only for its doc and only the environments its share offers.
const PORT = 7843;
let upstream: Server;
let hits = 0;

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    hits += 1;
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe.each(testDialects())('debug routes with a share gate on %s', (dialect) => {
  let t: TestApp;
  let shared: FastifyInstance;
  let docId: string;
  let offered: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
    docId = (await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'S', url: '/s', httpMethod: 'GET' })).id;
    const env = (name: string, baseUrl: string) =>
      expectOk<{ id: string }>(
        t.post('/api/module/environment/add', { moduleId: w.moduleId, name, baseUrl }, { token: w.token }),
      );
    offered = (await env('offered', `http://127.0.0.1:${PORT}/offered`)).id;
    await env('internal', `http://127.0.0.1:${PORT}/internal`);
    const gate: ShareDebugGate = {
      grantFor: async (request, id) =>
        request.headers['x-test-share'] === 'yes' && id === docId
          ? { shareId: 'share-1', environmentIds: [offered] }
          : null,
    };
    shared = await buildApp({
      env: loadEnv({ QUIRE_WEB_DIST: '/nonexistent', QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' }),
      db: t.db,
      shareDebugGate: gate,
    });
    await shared.ready();
  });
  afterAll(async () => {
    await shared.close();
    await t.close();
  });

  const call = (target: string, share: boolean, doc = docId) =>
    shared.inject({
      method: 'GET',
      url: '/api/doc/debug/v1',
      headers: {
        'accept-language': 'en',
        'target-doc-id': doc,
        'target-url': target,
        ...(share ? { 'x-test-share': 'yes' } : {}),
      },
    });

  it('lets a share session debug its doc on the environments its share offers, and audits it', async () => {
    const before = hits;
    const ok = await call(`http://127.0.0.1:${PORT}/offered/x`, true);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('{"ok":true}');
    expect(hits).toBe(before + 1);
    const config = await shared.inject({
      method: 'GET',
      url: `/api/doc/debug/config?docId=${docId}`,
      headers: { 'x-test-share': 'yes' },
    });
    expect(envelopeOf(config)).toMatchObject({ code: '0', data: { allowDebug: true } });
    const { rows } = await pageAudit(t.db, { action: 'debug.proxy' }, 1, 10);
    expect(rows.some((row) => row.actorId === 'share:share-1')).toBe(true);
  });

  it('refuses anyone else, and environments the share does not offer', async () => {
    const before = hits;
    expect(envelopeOf(await call(`http://127.0.0.1:${PORT}/offered/x`, false)).code).toBe('1000');
    expect(envelopeOf(await call(`http://127.0.0.1:${PORT}/offered/x`, true, 'other-doc')).code).toBe('1000');
    expect(envelopeOf(await call(`http://127.0.0.1:${PORT}/internal/x`, true)).code).toBe(
      'debug.target_outside',
    );
    expect(hits).toBe(before);
  });
});
