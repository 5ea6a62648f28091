import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrgFixture,
  expectOk,
  type OrgFixture,
  PERSONAS,
  type Persona,
  uniqueName,
} from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/**
 * The doc rows of docs/permissions.md through the HTTP API: every doc, dictionary and constants call by every
 * persona. Allowed callers get "0"; other logged-in callers 403 `auth.forbidden`; anonymous callers 401.
 */
const PRIVATE_READERS: Persona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev', 'projectGuest'];
const ALL_MEMBERS: Persona[] = [...PRIVATE_READERS, 'spaceDev', 'spaceGuest'];
const WRITERS: Persona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev'];
const ADMINS: Persona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin'];

interface World {
  t: TestApp;
  f: OrgFixture;
  docId: string;
  publicDocId: string;
  folderId: string;
  enumId: string;
}

interface Ctx extends World {
  token: string | undefined;
}

const get = (c: Ctx, url: string) => c.t.get(url, { token: c.token });
const post = (c: Ctx, url: string, body: unknown) => c.t.post(url, body, { token: c.token });

/** A fresh doc of the private application, made by the fixture's root, for calls that use one up. */
async function freshDoc(c: Ctx): Promise<string> {
  const body = { name: uniqueName('doc'), url: `/${uniqueName('u')}`, moduleId: c.f.privateModuleId };
  return (await expectOk<{ id: string }>(c.t.post('/api/doc/save', body, { token: c.f.rootToken }))).id;
}

const ACTIONS: Array<{ name: string; allowed: Persona[]; run(c: Ctx): Promise<LightMyRequestResponse> }> = [
  {
    name: 'list the doc tree',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/list?moduleId=${c.f.privateModuleId}`),
  },
  { name: 'read a doc', allowed: PRIVATE_READERS, run: (c) => get(c, `/api/doc/detail?id=${c.docId}`) },
  {
    name: 'read a public doc',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/doc/detail?id=${c.publicDocId}`),
  },
  {
    name: 'list a public doc tree',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/doc/list?moduleId=${c.f.publicModuleId}`),
  },
  {
    name: 'read the changelog',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/revision/list?docId=${c.docId}`),
  },
  {
    name: 'read a revision',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/revision/get?docId=${c.docId}&revision=1`),
  },
  {
    name: 'compare revisions',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/revision/diff?docId=${c.docId}&from=1&to=1`),
  },
  {
    name: 'application of a doc',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/module/infoByDocId?docId=${c.docId}`),
  },
  {
    name: 'Dubbo props',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/prop/getDocProps?id=${c.docId}`),
  },
  {
    name: 'list dictionaries',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/enum/info/baselist?moduleId=${c.f.privateModuleId}`),
  },
  {
    name: 'list dictionary items',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/enum/item/list?enumId=${c.enumId}`),
  },
  {
    name: 'read constants',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/constant/module/all?moduleId=${c.f.privateModuleId}`),
  },
  {
    name: 'read project error codes',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/code/project/list?projectId=${c.f.privateProjectId}`),
  },
  {
    name: 'read globals',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/doc/globals?moduleId=${c.f.privateModuleId}`),
  },
  {
    name: 'create a doc',
    allowed: WRITERS,
    run: (c) =>
      post(c, '/api/doc/save', { name: 'n', url: `/${uniqueName('u')}`, moduleId: c.f.privateModuleId }),
  },
  {
    name: 'create a doc (public project)',
    allowed: WRITERS,
    run: (c) =>
      post(c, '/api/doc/save', { name: 'n', url: `/${uniqueName('u')}`, moduleId: c.f.publicModuleId }),
  },
  {
    name: 'edit a doc',
    allowed: WRITERS,
    run: async (c) =>
      post(c, '/api/doc/save', {
        id: await freshDoc(c),
        revision: 1,
        name: 'edited',
        url: `/${uniqueName('e')}`,
        moduleId: c.f.privateModuleId,
      }),
  },
  {
    name: 'add a folder',
    allowed: WRITERS,
    run: (c) => post(c, '/api/doc/folder/add', { name: uniqueName('f'), moduleId: c.f.privateModuleId }),
  },
  {
    name: 'rename a folder',
    allowed: WRITERS,
    run: (c) => post(c, '/api/doc/folder/update', { id: c.folderId, name: uniqueName('f') }),
  },
  {
    name: 'move a doc',
    allowed: WRITERS,
    run: async (c) => post(c, '/api/doc/move', { id: await freshDoc(c), parentId: c.folderId }),
  },
  {
    name: 'copy a doc',
    allowed: WRITERS,
    run: (c) => post(c, '/api/doc/copy', { id: c.docId, name: uniqueName('c') }),
  },
  {
    name: 'delete a doc',
    allowed: WRITERS,
    run: async (c) => post(c, '/api/doc/delete', { id: await freshDoc(c) }),
  },
  { name: 'lock a doc', allowed: WRITERS, run: (c) => post(c, '/api/doc/lock', { id: c.docId }) },
  { name: 'unlock a doc', allowed: WRITERS, run: (c) => post(c, '/api/doc/unlock', { id: c.docId }) },
  {
    name: 'restore a revision',
    allowed: WRITERS,
    run: (c) => post(c, '/api/doc/revision/restore', { docId: c.docId, revision: 1 }),
  },
  {
    name: 'add a dictionary',
    allowed: WRITERS,
    run: (c) => post(c, '/api/doc/enum/info/add', { moduleId: c.f.privateModuleId, name: uniqueName('e') }),
  },
  {
    name: 'add a dictionary item',
    allowed: WRITERS,
    run: (c) => post(c, '/api/doc/enum/item/add', { enumId: c.enumId, name: uniqueName('i') }),
  },
  {
    name: 'delete a dictionary',
    allowed: ADMINS,
    run: async (c) => {
      const body = { moduleId: c.f.privateModuleId, name: uniqueName('e') };
      const made = await expectOk<{ id: string }>(
        c.t.post('/api/doc/enum/info/add', body, { token: c.f.rootToken }),
      );
      return post(c, '/api/doc/enum/info/delete', { id: made.id });
    },
  },
  {
    name: 'save a constants page',
    allowed: WRITERS,
    run: (c) => post(c, '/api/constant/module/save', { id: c.f.privateModuleId, content: '<p>x</p>' }),
  },
  {
    name: 'save project error codes',
    allowed: WRITERS,
    run: (c) => post(c, '/api/code/project/save', { projectId: c.f.privateProjectId, codes: [] }),
  },
  {
    name: 'save environment globals',
    allowed: WRITERS,
    run: (c) => post(c, '/api/module/environment/globals/save', { environmentId: c.f.privateEnvId }),
  },
];

const CASES = ACTIONS.flatMap((action) =>
  PERSONAS.map((persona) => ({ action, persona, allowed: action.allowed.includes(persona) })),
);

describe.each(testDialects())('doc permissions through the API on %s', (dialect) => {
  let world: World;
  beforeAll(async () => {
    const t = await createTestApp(dialect);
    const f = await createOrgFixture(t);
    const root = { token: f.rootToken };
    const doc = await expectOk<{ id: string }>(
      t.post('/api/doc/save', { name: 'd', url: '/d', moduleId: f.privateModuleId }, root),
    );
    const pub = await expectOk<{ id: string }>(
      t.post('/api/doc/save', { name: 'p', url: '/p', moduleId: f.publicModuleId }, root),
    );
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { name: 'f', moduleId: f.privateModuleId }, root),
    );
    const dict = await expectOk<{ id: string }>(
      t.post('/api/doc/enum/info/add', { name: 'e', moduleId: f.privateModuleId }, root),
    );
    world = { t, f, docId: doc.id, publicDocId: pub.id, folderId: folder.id, enumId: dict.id };
  });
  afterAll(async () => {
    await world.t.close();
  });

  it.each(CASES)('$action.name by $persona (allowed: $allowed)', async ({ action, persona, allowed }) => {
    const response = await action.run({ ...world, token: world.f.tokens[persona] });
    const body = envelopeOf(response);
    if (persona === 'anonymous') expect([response.statusCode, body.code]).toEqual([401, '1000']);
    else if (allowed) expect([response.statusCode, body.code], response.body).toEqual([200, '0']);
    else expect([response.statusCode, body.code], response.body).toEqual([403, 'auth.forbidden']);
  });
});
