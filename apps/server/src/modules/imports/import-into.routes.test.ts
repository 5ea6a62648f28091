import type { ImportStarted, Job } from '@quire/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDocWorld,
  type DocWorld,
  detailOf,
  newProjectGuest,
  saveDoc,
} from '../../../test/doc-fixture.ts';
import { liveDocCount, multipart, revisionCount, upload, waitForJob } from '../../../test/import-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

// Import into an existing application (`moduleId` on the import calls): Postman and Markdown uploads have no
// URL to refresh from, so uploading the file again must re-import in place, never create a second application.

type Request = { name: string; method: string; path: string; description?: string };

function collection(requests: Request[]): string {
  return JSON.stringify({
    info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [
      {
        name: 'Users',
        item: requests.map((r) => ({
          name: r.name,
          request: { method: r.method, url: `{{baseUrl}}${r.path}`, description: r.description ?? '' },
        })),
      },
    ],
  });
}

function markdown(interfaces: Array<{ title: string; method: string; path: string }>): string {
  const body = interfaces
    .map((i) => `### ${i.title}\n\n**Path：** ${i.path}\n\n**Method：** ${i.method}\n`)
    .join('\n');
  return `# Shop\n\n## Users\n\n${body}`;
}

describe.each(testDialects())('import into an existing application on %s', (dialect) => {
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

  const send = (
    kind: 'postman' | 'markdown' | 'swagger',
    content: string,
    fields: Record<string, string> = {},
    token = w.token,
  ) =>
    upload(
      t,
      `/api/module/import/${kind}`,
      token,
      multipart({ projectId: w.projectId, ...fields }, [
        { name: 'file', fileName: kind === 'markdown' ? 'api.md' : 'api.json', content },
      ]),
    );
  const run = async (response: ReturnType<typeof send>): Promise<{ started: ImportStarted; job: Job }> => {
    const started = await expectOk<ImportStarted>(response);
    return { started, job: await waitForJob(t, w.token, started.jobId) };
  };
  const moduleCount = async () =>
    (await expectOk<unknown[]>(t.get(`/api/module/list?projectId=${w.projectId}`, { token: w.token })))
      .length;
  const docByUrl = async (moduleId: string, url: string) => {
    const rows = await expectOk<Array<{ id: string; url: string; isFolder: boolean | number }>>(
      t.get(`/api/doc/list?moduleId=${moduleId}`, { token: w.token }),
    );
    const row = rows.find((r) => r.url === url && !r.isFolder);
    if (!row) throw new Error(`no doc ${url}`);
    return row.id;
  };
  const importRevisions = async (moduleId: string, url: string) =>
    (
      await t.db
        .selectFrom('docRevisions')
        .innerJoin('docs', 'docs.id', 'docRevisions.docId')
        .select('docRevisions.source')
        .where('docs.moduleId', '=', moduleId)
        .where('docs.url', '=', url)
        .orderBy('docRevisions.revision')
        .execute()
    ).map((r) => r.source);

  it('re-uploads the same Postman collection into its application: no second application, no revision', async () => {
    const first = collection([
      { name: 'Get user', method: 'GET', path: '/users/:id' },
      { name: 'Add user', method: 'POST', path: '/users' },
    ]);
    const { started } = await run(send('postman', first));
    const modules = await moduleCount();
    const revisions = await revisionCount(t, started.moduleId);
    const again = await run(send('postman', first, { moduleId: started.moduleId }));
    expect(again.started.moduleId).toBe(started.moduleId);
    expect(again.job).toMatchObject({ status: 'done', kind: 'refresh' });
    expect(again.job.result).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 2 });
    expect(await moduleCount()).toBe(modules);
    expect(await revisionCount(t, started.moduleId)).toBe(revisions);
    // The upload is now the saved source, so "re-import now" works for Postman too.
    const refreshed = await run(
      t.get(`/api/module/refresh/swagger?moduleId=${started.moduleId}`, { token: w.token }),
    );
    expect(refreshed.job.result).toMatchObject({ unchanged: 2, added: 0 });
  });

  it('a changed collection updates, adds and removes with revisions "import"; a locked doc and a hand-written description stay', async () => {
    const { started } = await run(
      send(
        'postman',
        collection([
          { name: 'Get user', method: 'GET', path: '/users/:id', description: 'from postman' },
          { name: 'Add user', method: 'POST', path: '/users' },
          { name: 'Drop user', method: 'DELETE', path: '/users/:id' },
          { name: 'List users', method: 'GET', path: '/users' },
        ]),
      ),
    );
    const moduleId = started.moduleId;
    const get = await detailOf(t, w.token, await docByUrl(moduleId, '/users/{id}'));
    await saveDoc(t, w.token, { ...get, id: get.id, moduleId, description: '<p>written by hand</p>' });
    const listId = (
      await expectOk<Array<{ id: string; url: string; httpMethod: string; isFolder: boolean | number }>>(
        t.get(`/api/doc/list?moduleId=${moduleId}`, { token: w.token }),
      )
    ).find((r) => r.url === '/users' && r.httpMethod === 'GET')?.id;
    await expectOk(t.post('/api/doc/lock', { id: listId }, { token: w.token }));

    const { job } = await run(
      send(
        'postman',
        collection([
          { name: 'Get user', method: 'GET', path: '/users/:id', description: 'changed in postman' },
          { name: 'Create user', method: 'POST', path: '/users' },
          { name: 'List all users', method: 'GET', path: '/users' },
          { name: 'Login', method: 'POST', path: '/login' },
        ]),
        { moduleId },
      ),
    );
    expect(job.result).toMatchObject({ added: 1, updated: 1, removed: 1 });
    expect(job.result?.removedDocs.map((d) => d.url)).toEqual(['/users/{id}']);
    expect((await detailOf(t, w.token, get.id)).description).toBe('<p>written by hand</p>');
    expect((await detailOf(t, w.token, listId ?? '')).name).toBe('List users');
    // POST /users: created and renamed by imports; GET /users: created, then locked (no revision).
    expect(await importRevisions(moduleId, '/users')).toEqual(['import', 'import', 'import']);
    expect(await liveDocCount(t, moduleId)).toBe(4);
  });

  it('re-imports Markdown in place likewise, and imports into an application made by hand', async () => {
    const first = markdown([
      { title: 'Login', method: 'POST', path: '/login' },
      { title: 'Logout', method: 'POST', path: '/logout' },
    ]);
    const { started } = await run(send('markdown', first));
    const revisions = await revisionCount(t, started.moduleId);
    const modules = await moduleCount();
    const same = await run(send('markdown', first, { moduleId: started.moduleId }));
    expect(same.job.result).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 2 });
    expect(await revisionCount(t, started.moduleId)).toBe(revisions);
    const changed = await run(
      send(
        'markdown',
        markdown([
          { title: 'Sign in', method: 'POST', path: '/login' },
          { title: 'Me', method: 'GET', path: '/me' },
        ]),
        { moduleId: started.moduleId },
      ),
    );
    expect(changed.job.result).toMatchObject({ added: 1, updated: 1, removed: 1, unchanged: 0 });
    expect(changed.job.result?.removedDocs.map((d) => d.url)).toEqual(['/logout']);
    expect(await importRevisions(started.moduleId, '/login')).toEqual(['import', 'import']);
    expect(await moduleCount()).toBe(modules);

    // The application createDocWorld made by hand has no source to refresh; importing into it gives it one.
    const noSource = await t.get(`/api/module/refresh/swagger?moduleId=${w.moduleId}`, { token: w.token });
    expect(envelopeOf(noSource).code).toBe('import.no_source');
    const into = await run(send('markdown', first, { moduleId: w.moduleId }));
    expect(into.job.result).toMatchObject({ added: 2 });
    const source = await expectOk<{ kind: string; fileName: string }>(
      t.get(`/api/module/source/get?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(source).toMatchObject({ kind: 'markdown', fileName: 'api.md' });
  });

  it('a failed re-import leaves the docs and the saved source as they were', async () => {
    const { started } = await run(
      send('postman', collection([{ name: 'Get user', method: 'GET', path: '/users/:id' }])),
    );
    const before = await t.db
      .selectFrom('moduleSources')
      .selectAll()
      .where('moduleId', '=', started.moduleId)
      .executeTakeFirst();
    const revisions = await revisionCount(t, started.moduleId);
    const failed = await run(send('postman', '{"not": "a collection"', { moduleId: started.moduleId }));
    expect(failed.job.status).toBe('failed');
    expect(await liveDocCount(t, started.moduleId)).toBe(1);
    expect(await revisionCount(t, started.moduleId)).toBe(revisions);
    const after = await t.db
      .selectFrom('moduleSources')
      .selectAll()
      .where('moduleId', '=', started.moduleId)
      .executeTakeFirst();
    expect(after).toEqual(before);
    // The application is not removed as a failed first import's would be.
    const modules = await expectOk<Array<{ id: string }>>(
      t.get(`/api/module/list?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(modules.map((m) => m.id)).toContain(started.moduleId);
    const job = await t.db
      .selectFrom('jobs')
      .select('source')
      .where('id', '=', failed.started.jobId)
      .executeTakeFirst();
    expect(job?.source).toBeNull();
  });

  it('imports a Swagger text into an application given by moduleId, and refuses while another job of it runs', async () => {
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Shop', version: '1' },
      paths: { '/a': { get: { summary: 'A', responses: { 200: { description: 'ok' } } } } },
    });
    const started = await expectOk<ImportStarted>(
      t.post(
        '/api/module/import/swagger',
        { projectId: w.projectId, moduleId: w.moduleId, content: spec },
        { token: w.token },
      ),
    );
    expect(started.moduleId).toBe(w.moduleId);
    expect((await waitForJob(t, w.token, started.jobId)).result).toMatchObject({ added: 1 });
    // Another instance is running a job of this application (its lease is far in the future).
    await t.db
      .insertInto('jobs')
      .values({
        id: 'busyjob',
        kind: 'refresh',
        moduleId: w.moduleId,
        status: 'running',
        progressDone: 0,
        progressTotal: 0,
        attempts: 1,
        lockedBy: 'elsewhere',
        lockedUntil: new Date(Date.now() + 3_600_000).toISOString(),
        createdBy: w.userId,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const busy = await t.post(
      '/api/module/import/swagger',
      { projectId: w.projectId, moduleId: w.moduleId, content: spec },
      { token: w.token },
    );
    expect(envelopeOf(busy).code).toBe('import.busy');
    await t.db.deleteFrom('jobs').where('id', '=', 'busyjob').execute();
  });

  it('refuses an application of another project, a deleted one, and a caller who may not write docs', async () => {
    const { started } = await run(
      send('postman', collection([{ name: 'Get user', method: 'GET', path: '/users/:id' }])),
    );
    const other = await createDocWorld(t);
    const content = collection([{ name: 'X', method: 'GET', path: '/x' }]);

    // Another project's application: refused whether the caller can read it or not.
    const foreign = await send('postman', content, { moduleId: other.moduleId });
    expect(foreign.statusCode).toBe(403);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId: other.spaceId, userIds: [w.userId], roleCode: 'guest' },
        { token: other.token },
      ),
    );
    await expectOk(
      t.post(
        '/api/project/member/add',
        { projectId: other.projectId, userIds: [w.userId], roleCode: 'dev' },
        { token: other.token },
      ),
    );
    const wrongProject = await send('postman', content, { moduleId: other.moduleId });
    expect(envelopeOf(wrongProject)).toMatchObject({
      code: 'import.other_project',
      msg: 'The application to import into belongs to another project',
    });
    expect(await liveDocCount(t, other.moduleId)).toBe(0);

    // A project guest reads docs but may not write them.
    const guest = await newProjectGuest(t, w);
    const refused = await send('postman', content, { moduleId: started.moduleId }, guest.token);
    expect(refused.statusCode).toBe(403);

    await expectOk(t.post('/api/module/delete', { id: started.moduleId }, { token: w.token }));
    const deleted = await send('postman', content, { moduleId: started.moduleId });
    expect(envelopeOf(deleted).code).toBe('module.not_found');
    expect(await liveDocCount(t, started.moduleId)).toBe(1);
  });
});
