import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportStarted } from '@quire/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { liveDocCount, revisionCount, waitForJob } from '../../../test/import-fixture.ts';
import { expectOk, grantInternalAccess } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { queueDueRefreshes } from './refresh-scheduler.ts';

// The loopback "remote" description; tests change what it serves between imports.
let server: Server;
let base = '';
let served = '';

function op(summary: string, description = '') {
  return { summary, description, responses: { 200: { description: 'ok' } } };
}
function spec(paths: Record<string, unknown>) {
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Shop', version: '1' }, paths });
}

beforeAll(async () => {
  server = createServer((_req, res) => res.end(served));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(testDialects())('re-import on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    await grantInternalAccess(t, w.spaceId);
  });

  const docByUrl = async (moduleId: string, url: string) => {
    const rows = await expectOk<Array<{ id: string; url: string; isFolder: boolean | number }>>(
      t.get(`/api/doc/list?moduleId=${moduleId}`, { token: w.token }),
    );
    const row = rows.find((r) => r.url === url && !r.isFolder);
    if (!row) throw new Error(`no doc ${url}`);
    return row.id;
  };

  it('updates changed docs, adds new ones, removes vanished ones (listed), keeps locked docs and hand-written descriptions', async () => {
    served = spec({
      '/a': { get: op('A', 'from the source') },
      '/b': { get: op('B', 'b text') },
      '/c': { get: op('C') },
      '/d': { get: op('D') },
    });
    const started = await expectOk<ImportStarted>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, url: `${base}/spec.json` },
        { token: w.token },
      ),
    );
    expect((await waitForJob(t, w.token, started.jobId)).result?.added).toBe(4);
    const moduleId = started.moduleId;

    // A person rewrites A's description and locks D.
    const a = await detailOf(t, w.token, await docByUrl(moduleId, '/a'));
    await saveDoc(t, w.token, { ...a, id: a.id, moduleId, description: '<p>written by hand</p>' });
    const dId = await docByUrl(moduleId, '/d');
    await expectOk(t.post('/api/doc/lock', { id: dId }, { token: w.token }));

    served = spec({
      '/a': { get: op('A', 'changed in the source') },
      '/b': { get: op('B renamed', 'b text') },
      '/d': { get: op('D changed') },
      '/e': { get: op('E') },
    });
    const again = await expectOk<ImportStarted>(
      t.get(`/api/module/refresh/swagger?moduleId=${moduleId}`, { token: w.token }),
    );
    const job = await waitForJob(t, w.token, again.jobId);
    expect(job.result).toMatchObject({ added: 1, updated: 1, removed: 1, unchanged: 2 });
    expect(job.result?.removedDocs.map((d) => d.url)).toEqual(['/c']);
    expect((await detailOf(t, w.token, a.id)).description).toBe('<p>written by hand</p>');
    expect((await detailOf(t, w.token, dId)).name).toBe('D');
    expect((await detailOf(t, w.token, await docByUrl(moduleId, '/b'))).name).toBe('B renamed');
    expect(await liveDocCount(t, moduleId)).toBe(4);
    const sources = await t.db
      .selectFrom('docRevisions')
      .innerJoin('docs', 'docs.id', 'docRevisions.docId')
      .select('docRevisions.source')
      .where('docs.moduleId', '=', moduleId)
      .where('docs.url', '=', '/b')
      .orderBy('docRevisions.revision')
      .execute();
    expect(sources.map((s) => s.source)).toEqual(['import', 'import']);
  });

  it('sanitizes HTML in imported descriptions', async () => {
    const content = spec({
      '/x': { get: op('X', 'Hello <script>alert(1)</script><img src=x onerror="alert(2)"> **bold**') },
    });
    const started = await expectOk<ImportStarted>(
      t.post('/api/module/import/swagger', { projectId: w.projectId, content }, { token: w.token }),
    );
    await waitForJob(t, w.token, started.jobId);
    const doc = await detailOf(t, w.token, await docByUrl(started.moduleId, '/x'));
    expect(doc.description).toContain('<strong>bold</strong>');
    expect(doc.description).not.toMatch(/<script|onerror/i);
  });

  it('re-imports on the refresh interval, once however many schedulers look', async () => {
    served = spec({ '/a': { get: op('A') } });
    const started = await expectOk<ImportStarted>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, url: `${base}/spec.json`, refreshMinutes: 30 },
        { token: w.token },
      ),
    );
    await waitForJob(t, w.token, started.jobId);
    const revisions = await revisionCount(t, started.moduleId);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db
      .updateTable('moduleSources')
      .set({ nextSyncAt: past })
      .where('moduleId', '=', started.moduleId)
      .execute();
    await Promise.all([queueDueRefreshes(t.db, t.app.jobRunner), queueDueRefreshes(t.db, t.app.jobRunner)]);
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['id', 'kind'])
      .where('moduleId', '=', started.moduleId)
      .execute();
    expect(jobs.filter((j) => j.kind === 'refresh')).toHaveLength(1);
    const refresh = jobs.find((j) => j.kind === 'refresh');
    expect((await waitForJob(t, w.token, refresh?.id ?? '')).result).toMatchObject({
      unchanged: 1,
      added: 0,
    });
    expect(await revisionCount(t, started.moduleId)).toBe(revisions);
    const source = await t.db
      .selectFrom('moduleSources')
      .select('nextSyncAt')
      .where('moduleId', '=', started.moduleId)
      .executeTakeFirst();
    expect((source?.nextSyncAt ?? '') > new Date().toISOString()).toBe(true);
  });
});
