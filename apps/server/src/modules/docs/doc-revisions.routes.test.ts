import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDocWorld,
  type DocWorld,
  detailOf,
  docTablesState,
  newProjectGuest,
  saveDoc,
} from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface RevisionAnswer {
  revision: number;
  remark: string;
  source: string;
  restoredFrom: number | null;
  creatorName: string;
  changes: Array<Record<string, unknown>>;
}

const BASE = {
  name: 'List users',
  url: '/users',
  httpMethod: 'GET',
  queryParams: [{ name: 'page', type: 'number' }],
  responseParams: [{ name: 'total', type: 'number' }],
};

describe.each(testDialects())('doc history and concurrent edits on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let bob: { token: string; username: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    const user = await newUser(t, { prefix: 'bob' });
    bob = user;
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId: w.spaceId, userIds: [user.id], roleCode: 'guest' },
        { token: w.token },
      ),
    );
    await expectOk(
      t.post(
        '/api/project/member/add',
        { projectId: w.projectId, userIds: [user.id], roleCode: 'dev' },
        { token: w.token },
      ),
    );
  });

  it('answers the second of two saves from one revision 409 with who, when and what changed; nothing is overwritten', async () => {
    const doc = await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId });
    // Both open revision 1.
    const aliceEdit = { ...BASE, moduleId: w.moduleId, id: doc.id, revision: 1, name: 'List all users' };
    const bobEdit = {
      ...BASE,
      moduleId: w.moduleId,
      id: doc.id,
      revision: 1,
      queryParams: [{ name: 'size', type: 'number' }],
    };
    const first = await saveDoc(t, bob.token, bobEdit);
    expect(first.revision).toBe(2);
    const before = await docTablesState(t);
    const answer = await t.post('/api/doc/save', aliceEdit, { token: w.token });
    expect(answer.statusCode).toBe(409);
    const body = envelopeOf<{ updatedBy: string; updatedAt: string; revision: number; changes: unknown[] }>(
      answer,
    );
    expect(body.code).toBe('doc.stale');
    expect(body.data).toMatchObject({ updatedBy: bob.username, updatedAt: first.updateTime, revision: 2 });
    expect(body.data.changes).toEqual([
      expect.objectContaining({ target: 'param', kind: 'remove', table: 'queryParams', path: 'page' }),
      expect.objectContaining({ target: 'param', kind: 'add', table: 'queryParams', path: 'size' }),
    ]);
    expect(body.msg).toContain(bob.username);
    expect(await docTablesState(t)).toBe(before);
    // Alice reloads (revision 2) and saves her change on top of Bob's.
    const merged = await saveDoc(t, w.token, { ...bobEdit, revision: 2, name: 'List all users' });
    expect(merged.revision).toBe(3);
    expect(await detailOf(t, w.token, doc.id)).toMatchObject({
      name: 'List all users',
      revision: 3,
      modifierName: w.nickname,
    });
  });

  it('lets exactly one of many simultaneous saves from one revision win', async () => {
    const doc = await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.post(
          '/api/doc/save',
          { ...BASE, moduleId: w.moduleId, id: doc.id, revision: 1, name: `name ${i}` },
          { token: i % 2 ? bob.token : w.token },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const revisions = await t.db
      .selectFrom('docRevisions')
      .select('revision')
      .where('docId', '=', doc.id)
      .execute();
    expect(revisions.map((r) => r.revision).sort()).toEqual([1, 2]);
  });

  it('wants the revision an update started from', async () => {
    const doc = await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId });
    const msg = await expectError(
      t.post('/api/doc/save', { ...BASE, moduleId: w.moduleId, id: doc.id }, { token: w.token }),
      400,
      'validation.invalid_input',
    );
    expect(msg).toBe('body.revision: Send the revision your edit started from');
  });

  it('records every save as a revision with remark and source; lists, shows and compares any two', async () => {
    const doc = await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId, remark: 'first draft' });
    await saveDoc(t, w.token, {
      ...BASE,
      moduleId: w.moduleId,
      id: doc.id,
      revision: 1,
      url: '/v2/users',
      remark: 'v2 path',
    });
    await saveDoc(t, bob.token, {
      ...BASE,
      moduleId: w.moduleId,
      id: doc.id,
      revision: 2,
      url: '/v2/users',
      responseParams: [{ name: 'total', type: 'string' }],
    });
    const list = await expectOk<RevisionAnswer[]>(
      t.get(`/api/doc/revision/list?docId=${doc.id}`, { token: w.token }),
    );
    expect(list.map((r) => [r.revision, r.remark, r.source, r.creatorName])).toEqual([
      [3, '', 'web', bob.username],
      [2, 'v2 path', 'web', w.nickname],
      [1, 'first draft', 'web', w.nickname],
    ]);
    expect(list[0]?.changes).toEqual([
      expect.objectContaining({
        target: 'param',
        kind: 'update',
        path: 'total',
        before: { type: 'number' },
        after: { type: 'string' },
      }),
    ]);
    expect(list[1]?.changes).toEqual([
      { target: 'field', kind: 'update', field: 'url', before: '/users', after: '/v2/users' },
    ]);
    expect(list[2]?.changes).toEqual([{ target: 'doc', kind: 'add' }]);
    expect((await detailOf(t, w.token, doc.id)).remark).toBe('');
    const one = await expectOk<{ doc: { url: string } }>(
      t.get(`/api/doc/revision/get?docId=${doc.id}&revision=1`, { token: w.token }),
    );
    expect(one.doc.url).toBe('/users');
    const diff = await expectOk<{ changes: unknown[] }>(
      t.get(`/api/doc/revision/diff?docId=${doc.id}&from=1&to=3`, { token: w.token }),
    );
    expect(diff.changes).toHaveLength(2);
    await expectError(
      t.get(`/api/doc/revision/get?docId=${doc.id}&revision=9`, { token: w.token }),
      404,
      'doc.revision_not_found',
    );
  });

  it('restores a revision as a new revision, checked like a save', async () => {
    const doc = await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId });
    await saveDoc(t, w.token, {
      ...BASE,
      moduleId: w.moduleId,
      id: doc.id,
      revision: 1,
      name: 'Renamed',
      url: '/people',
    });
    await expectError(
      t.post(
        '/api/doc/revision/restore',
        { docId: doc.id, revision: 1, baseRevision: 1 },
        { token: w.token },
      ),
      409,
      'doc.stale',
    );
    const restored = await expectOk<{ revision: number }>(
      t.post(
        '/api/doc/revision/restore',
        { docId: doc.id, revision: 1, baseRevision: 2 },
        { token: w.token },
      ),
    );
    expect(restored.revision).toBe(3);
    expect(await detailOf(t, w.token, doc.id)).toMatchObject({
      name: 'List users',
      url: '/users',
      revision: 3,
    });
    const [latest] = await expectOk<RevisionAnswer[]>(
      t.get(`/api/doc/revision/list?docId=${doc.id}`, { token: w.token }),
    );
    expect(latest).toMatchObject({ revision: 3, source: 'restore', restoredFrom: 1 });
    // Another doc took the restored URL meanwhile: the restore is refused, nothing changes.
    await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId, id: doc.id, revision: 3, url: '/people' });
    await saveDoc(t, w.token, { ...BASE, name: 'Other', moduleId: w.moduleId });
    const before = await docTablesState(t);
    await expectError(
      t.post('/api/doc/revision/restore', { docId: doc.id, revision: 1 }, { token: w.token }),
      409,
      'doc.duplicate',
    );
    expect(await docTablesState(t)).toBe(before);
  });

  it('lets readers see history but not restore', async () => {
    const guest = await newProjectGuest(t, w, 'guest');
    const doc = await saveDoc(t, w.token, { ...BASE, moduleId: w.moduleId });
    await expectOk(t.get(`/api/doc/revision/list?docId=${doc.id}`, { token: guest.token }));
    await expectError(
      t.post('/api/doc/revision/restore', { docId: doc.id, revision: 1 }, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    const stranger = await newUser(t);
    await expectError(
      t.get(`/api/doc/revision/list?docId=${doc.id}`, { token: stranger.token }),
      403,
      'auth.forbidden',
    );
  });
});
