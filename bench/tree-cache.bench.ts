import { ProjectIdQuery, ViewTree, envelope } from '@quire/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.ts';
import { callerOf } from '../apps/server/src/http/access.ts';
import { ok } from '../apps/server/src/http/reply.ts';
import { ensureSuperAdmin } from '../apps/server/src/modules/users/users.service.ts';
import { viewTreeOfProject } from '../apps/server/src/modules/view/view.service.ts';
import path from 'node:path';
import { tempDir } from './lib.ts';
import { seedDocs } from './viewer-data.ts';

/*
 * CPU of the reader's tree call on an application of 1,000 docs (20 folders of 50), in process through
 * `inject` so only the server's work is counted: the call as it was before the read cache (a route that
 * builds and serializes the tree every time, registered here beside the real one), the cached call (200 with
 * the kept body) and a browser revalidating (304). Figures are microseconds of process CPU per call.
 */
const CALLS = 300;
const PASSWORD = 'bench-admin-pass';

async function main(): Promise<void> {
  const dir = tempDir('quire-tree-cache-');
  const file = path.join(dir, 'quire.db');
  const db = createDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  await ensureSuperAdmin(db, PASSWORD);
  const app = await buildApp({ env: loadEnv({ QUIRE_WEB_DIST: '/nonexistent', QUIRE_JOBS: 'false' }), db });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/bench/tree-uncached',
      { schema: { querystring: ProjectIdQuery, response: { 200: envelope(ViewTree) } } },
      async (request) => ok(await viewTreeOfProject(await callerOf(request, db), request.query.projectId)),
    );
  await app.ready();
  const call = async <T>(url: string, token?: string, body?: unknown): Promise<T> => {
    const response = await app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return (response.json() as { data: T }).data;
  };
  const { token } = await call<{ token: string }>('/api/system/login', undefined, {
    username: 'admin',
    password: PASSWORD,
  });
  const space = await call<{ id: string }>('/api/space/add', token, { name: 'bench' });
  const project = await call<{ id: string }>('/api/project/add', token, { name: 'bench', spaceId: space.id });
  const module = await call<{ id: string }>('/api/module/add', token, { name: 'big', projectId: project.id });
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  seedDocs({ file, moduleId: module.id, userId: admin.id, folders: 20, docsPerFolder: 50, offset: 0 });

  const headers = { authorization: `Bearer ${token}` };
  const measure = async (url: string, extra: Record<string, string> = {}, status = 200) => {
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
    const before = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < CALLS; i++) {
      const response = await app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
      if (response.statusCode !== status) throw new Error(`${url}: ${response.statusCode}`);
      bytes = response.rawPayload.length;
    }
    const used = process.cpuUsage(before);
    return { us: (used.user + used.system) / CALLS, bytes };
  };
  const uncached = await measure(`/bench/tree-uncached?projectId=${project.id}`);
  const treeUrl = `/api/doc/view/dataByProject?projectId=${project.id}`;
  const cached = await measure(treeUrl);
  const etag = String((await app.inject({ method: 'GET', url: treeUrl, headers })).headers.etag);
  const revalidated = await measure(treeUrl, { 'if-none-match': etag }, 304);
  const perm = await measure('/api/user/perm/get');
  console.log(
    `  tree of 1,000 docs (${(uncached.bytes / 1024).toFixed(0)} KB), CPU per call, ${CALLS} calls each:`,
  );
  console.log(`    built every time (before)   ${uncached.us.toFixed(0).padStart(6)} µs`);
  console.log(
    `    read cache, 200             ${cached.us.toFixed(0).padStart(6)} µs  ratio ${(cached.us / uncached.us).toFixed(3)}`,
  );
  console.log(
    `    read cache, 304             ${revalidated.us.toFixed(0).padStart(6)} µs  ratio ${(revalidated.us / uncached.us).toFixed(3)}`,
  );
  console.log(
    `    GET /api/user/perm/get      ${perm.us.toFixed(0).padStart(6)} µs  (floor of an authenticated call)`,
  );
  await afterWrites(app, db, token, { projectId: project.id, moduleId: module.id, spaceId: space.id });
  await app.close();
  await db.destroy();
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Per-application versions (#29, db/cache-versions.ts): CPU of a read that follows a write, counting the
 * read only. Each doc detail (or tree) read comes right after a save of another doc of the same application
 * (the detail is kept), of a doc of another project (the tree is kept), of the doc itself (rebuilt), or after
 * a write that drops every answer of the install, which is what every save did before.
 */
async function afterWrites(
  app: App,
  db: ReturnType<typeof createDatabase>,
  token: string,
  ids: { projectId: string; moduleId: string; spaceId: string },
): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async <T>(url: string, body: unknown) =>
    (
      (await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) })).json() as {
        data: T;
      }
    ).data;
  const other = await post<{ id: string }>('/api/project/add', { name: 'other', spaceId: ids.spaceId });
  const otherModule = await post<{ id: string }>('/api/module/add', { name: 'o', projectId: other.id });
  const docs = new Map<string, { id: string; revision: number; moduleId: string }>();
  for (const [name, moduleId] of [
    ['read', ids.moduleId],
    ['neighbour', ids.moduleId],
    ['elsewhere', otherModule.id],
  ] as const) {
    const saved = await post<{ id: string; revision: number }>('/api/doc/save', {
      moduleId,
      name,
      url: `/${name}`,
    });
    docs.set(name, { ...saved, moduleId });
  }
  const save = async (name: string) => {
    const doc = docs.get(name) as { id: string; revision: number; moduleId: string };
    const saved = await post<{ revision: number }>('/api/doc/save', {
      id: doc.id,
      revision: doc.revision,
      moduleId: doc.moduleId,
      name,
      url: `/${name}`,
      description: `<p>${doc.revision}</p>`,
    });
    doc.revision = saved.revision;
  };
  const dropAll = () =>
    db
      .updateTable('users')
      .set({ updatedAt: new Date().toISOString() })
      .where('username', '=', 'admin')
      .execute();
  const readAfter = async (url: string, write: () => Promise<unknown>) => {
    let cpu = 0;
    for (let i = 0; i < CALLS / 3; i++) {
      await write();
      const before = process.cpuUsage();
      const response = await app.inject({ method: 'GET', url, headers });
      const used = process.cpuUsage(before);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      cpu += used.user + used.system;
    }
    return cpu / (CALLS / 3);
  };
  const detailUrl = `/api/doc/detail?id=${docs.get('read')?.id}`;
  const treeUrl = `/api/doc/view/dataByProject?projectId=${ids.projectId}`;
  const rows: Array<[string, number]> = [
    ['detail, after a save of a neighbour', await readAfter(detailUrl, () => save('neighbour'))],
    ['detail, after a save of the doc', await readAfter(detailUrl, () => save('read'))],
    ['detail, after a drop-all write', await readAfter(detailUrl, dropAll)],
    ['tree, after a save in another project', await readAfter(treeUrl, () => save('elsewhere'))],
    ['tree, after a save in the project', await readAfter(treeUrl, () => save('neighbour'))],
    ['tree, after a drop-all write', await readAfter(treeUrl, dropAll)],
  ];
  console.log(
    `  a read right after a write (CPU of the read only, ${CALLS / 3} each; drop-all = every save before #29):`,
  );
  for (const [label, us] of rows) console.log(`    ${label.padEnd(40)} ${us.toFixed(0).padStart(6)} µs`);
}

await main();
