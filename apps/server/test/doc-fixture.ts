import type { LightMyRequestResponse } from 'fastify';
import { expectOk, newUser, uniqueName } from './org-fixture.ts';
import { envelopeOf, type TestApp } from './test-app.ts';

/** A doc as `GET /api/doc/detail` answers it (the fields tests read). */
export interface DetailAnswer {
  id: string;
  moduleId: string;
  parentId: string;
  name: string;
  url: string;
  httpMethod: string;
  type: number;
  description: string;
  revision: number;
  remark: string;
  isLocked: boolean;
  [field: string]: unknown;
}

/** A user who owns a space, a project and an application, ready to write docs. */
export interface DocWorld {
  token: string;
  userId: string;
  nickname: string;
  spaceId: string;
  projectId: string;
  moduleId: string;
}

/** A new user with a space, a private project and an application of their own. */
export async function createDocWorld(t: TestApp): Promise<DocWorld> {
  const user = await newUser(t, { prefix: 'writer' });
  const space = await expectOk<{ id: string }>(
    t.post('/api/space/add', { name: uniqueName('space') }, { token: user.token }),
  );
  const project = await expectOk<{ id: string }>(
    t.post('/api/project/add', { name: uniqueName('project'), spaceId: space.id }, { token: user.token }),
  );
  const module = await expectOk<{ id: string }>(
    t.post('/api/module/add', { name: uniqueName('app'), projectId: project.id }, { token: user.token }),
  );
  return {
    token: user.token,
    userId: user.id,
    nickname: user.username,
    spaceId: space.id,
    projectId: project.id,
    moduleId: module.id,
  };
}

/** A new user who is a guest of the world's space and project: reads its docs, may not write them. */
export async function newProjectGuest(
  t: TestApp,
  w: DocWorld,
  prefix?: string,
): Promise<{ id: string; token: string; username: string }> {
  const guest = await newUser(t, prefix ? { prefix } : {});
  const asGuest = { userIds: [guest.id], roleCode: 'guest' };
  await expectOk(t.post('/api/space/member/add', { spaceId: w.spaceId, ...asGuest }, { token: w.token }));
  await expectOk(
    t.post('/api/project/member/add', { projectId: w.projectId, ...asGuest }, { token: w.token }),
  );
  return guest;
}

/** Saves a doc and answers `{id, revision}`, failing the test with the body on error. */
export function saveDoc(t: TestApp, token: string, body: Record<string, unknown>) {
  return expectOk<{ id: string; revision: number; updateTime: string }>(
    t.post('/api/doc/save', body, { token }),
  );
}

/** Reads a doc's detail. */
export function detailOf(t: TestApp, token: string, id: string) {
  return expectOk<DetailAnswer>(t.get(`/api/doc/detail?id=${id}`, { token }));
}

/** The whole state of the doc tables, to prove a failed call changed nothing. */
export async function docTablesState(t: TestApp): Promise<string> {
  const docs = await t.db.selectFrom('docs').selectAll().orderBy('id').execute();
  const revisions = await t.db
    .selectFrom('docRevisions')
    .selectAll()
    .orderBy('docId')
    .orderBy('revision')
    .execute();
  return JSON.stringify({ docs, revisions });
}

/** The answer's code and status, for compact assertions. */
export function statusAndCode(response: LightMyRequestResponse): [number, string] {
  return [response.statusCode, envelopeOf(response).code];
}

/** Docs with their document: each doc's revision at its own number (migration 2026-11-29T0030), as `cur`. */
export function docsWithDocument(t: TestApp) {
  return t.db
    .selectFrom('docs')
    .innerJoin('docRevisions as cur', (join) =>
      join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
    );
}
