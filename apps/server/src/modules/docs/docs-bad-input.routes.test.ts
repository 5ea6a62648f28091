import { DocLimits } from '@quire/api-model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDocWorld,
  type DocWorld,
  detailOf,
  docTablesState,
  saveDoc,
} from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

type Issues = { issues: Array<{ path: string; message: string }> };

/** Rows `p0` ... `p{n-1}`, some with children, as a large generated table would be. */
function wideTable(n: number) {
  return Array.from({ length: n }, (_, i) =>
    i % 100 === 0
      ? {
          name: `p${i}`,
          type: 'object',
          description: `row ${i}`,
          children: [{ name: 'inner', type: 'string' }],
        }
      : { name: `p${i}`, type: i % 3 ? 'string' : 'number', description: `row ${i}`, example: String(i) },
  );
}

describe.each(testDialects())('bad input to docs on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let before: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    await saveDoc(t, w.token, {
      name: 'Existing',
      url: '/existing',
      httpMethod: 'POST',
      moduleId: w.moduleId,
    });
    before = await docTablesState(t);
  });

  async function refused(body: Record<string, unknown>, status: number, code: string): Promise<string> {
    const msg = await expectError(
      t.post('/api/doc/save', { url: '/x', moduleId: w.moduleId, ...body }, { token: w.token }),
      status,
      code,
    );
    expect(await docTablesState(t)).toBe(before);
    return msg;
  }

  it('refuses unknown param types, naming the field and the types', async () => {
    const msg = await refused(
      { name: 'a', requestParams: [{ name: 'id', type: 'uuid4' }] },
      400,
      'validation.invalid_input',
    );
    expect(msg).toBe(
      'body.requestParams.0.type: Unknown parameter type, use one of: string, number, boolean, object, array, num_array, str_array, file, file[], enum',
    );
  });

  it('refuses cycles in param parents and unknown parents (flat form)', async () => {
    const cycle = [
      { id: 'a', name: 'a', type: 'object', parentId: 'c' },
      { id: 'b', name: 'b', type: 'object', parentId: 'a' },
      { id: 'c', name: 'c', type: 'object', parentId: 'b' },
    ];
    expect(await refused({ name: 'a', responseParams: cycle }, 400, 'validation.invalid_input')).toBe(
      'body.responseParams.0.parentId: This row is its own parent (a cycle of parentId)',
    );
    expect(
      await refused(
        { name: 'a', responseParams: [{ id: 'a', name: 'a', parentId: 'zz' }] },
        400,
        'validation.invalid_input',
      ),
    ).toBe('body.responseParams.0.parentId: The parent row (parentId) is not in this table');
  });

  it('refuses param names outside letters, digits, - and _ with the spec message', async () => {
    const msg = await refused(
      { name: 'a', responseParams: [{ name: 'data', type: 'object', children: [{ name: 'first name' }] }] },
      400,
      'validation.invalid_input',
    );
    expect(msg).toBe('body.responseParams.0.children.0.name: Error Content, support letter/numer/-/_');
  });

  it('saves and loads a 10,000-row param table', async () => {
    const rows = wideTable(10_000);
    const saved = await saveDoc(t, w.token, {
      name: 'Huge',
      url: '/huge',
      moduleId: w.moduleId,
      responseParams: rows,
    });
    const doc = await detailOf(t, w.token, saved.id);
    const loaded = doc.responseParams as Array<{ name: string; description: string; children: unknown[] }>;
    expect(loaded).toHaveLength(10_000);
    expect(loaded[9_999]).toMatchObject({ name: 'p9999', description: 'row 9999' });
    expect(loaded[100]?.children).toHaveLength(1);
    // A second save of the same table with one change records just that change.
    const edited = rows.map((r, i) => (i === 5_000 ? { ...r, description: 'changed' } : r));
    const ids = loaded.map((r) => (r as unknown as { id: string }).id);
    const next = await saveDoc(t, w.token, {
      name: 'Huge',
      url: '/huge',
      moduleId: w.moduleId,
      id: saved.id,
      revision: 1,
      responseParams: edited.map((r, i) => ({ ...r, id: ids[i] })),
    });
    expect(next.revision).toBe(2);
    const [latest] = await expectOk<Array<{ changes: unknown[] }>>(
      t.get(`/api/doc/revision/list?docId=${saved.id}`, { token: w.token }),
    );
    expect(latest?.changes).toEqual([
      expect.objectContaining({ kind: 'update', path: 'p5000', after: { description: 'changed' } }),
    ]);
  });

  it('refuses more rows than a doc may hold', async () => {
    const msg = await refused(
      { name: 'a', responseParams: wideTable(DocLimits.rowsMax + 1) },
      400,
      'validation.invalid_input',
    );
    expect(msg).toBe(`body.responseParams: A doc can have at most ${DocLimits.rowsMax} parameter rows`);
  });

  it('refuses a 5 MB description with the limit, and a body past the route limit with 413', async () => {
    const msg = await refused(
      { name: 'a', type: 2, description: 'x'.repeat(5 * 1024 * 1024) },
      400,
      'validation.invalid_input',
    );
    expect(msg).toBe(`body.description: Max length is ${DocLimits.descriptionMax}`);
    const answer = await t.post(
      '/api/doc/save',
      { name: 'a', moduleId: w.moduleId, description: 'x'.repeat(11 * 1024 * 1024) },
      { token: w.token },
    );
    expect(answer.statusCode).toBe(413);
    expect(envelopeOf(answer)).toMatchObject({
      code: 'http.payload_too_large',
      msg: 'The request is too large (limit 10 MB)',
    });
    expect(await docTablesState(t)).toBe(before);
    // Up to the limit is fine.
    const big = await saveDoc(t, w.token, {
      name: 'big',
      type: 3,
      description: 'y'.repeat(DocLimits.descriptionMax),
      moduleId: w.moduleId,
    });
    expect((await detailOf(t, w.token, big.id)).description).toHaveLength(DocLimits.descriptionMax);
  });

  it('refuses nesting bombs before validating them', async () => {
    // Written as text: building it as an object would overflow JSON.stringify in the test itself.
    const depth = 20_000;
    const open = '{"name":"n","type":"object","children":['.repeat(depth);
    const bomb = `{"name":"a","url":"/x","moduleId":"${w.moduleId}","requestParams":[${open}{"name":"leaf"}${']}'.repeat(depth)}]}`;
    const refusedBomb = await t.app.inject({
      method: 'POST',
      url: '/api/doc/save',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        authorization: `Bearer ${w.token}`,
      },
      payload: bomb,
    });
    expect([refusedBomb.statusCode, envelopeOf(refusedBomb).code, envelopeOf(refusedBomb).msg]).toEqual([
      400,
      'doc.too_deep',
      'The request nests deeper than 80 levels',
    ]);
    expect(await docTablesState(t)).toBe(before);
    let ok: Record<string, unknown> = { name: 'leaf' };
    for (let i = 0; i < DocLimits.depthMax; i++) ok = { name: 'n', type: 'object', children: [ok] };
    const answer = await t.post(
      '/api/doc/save',
      { name: 'a', url: '/x', moduleId: w.moduleId, requestParams: [ok] },
      { token: w.token },
    );
    expect(envelopeOf<Issues>(answer).data.issues[0]?.message).toBe(
      `Parameters can nest at most ${DocLimits.depthMax} levels deep`,
    );
  });

  it('refuses a second doc with the same method and URL in one application, clearly', async () => {
    const msg = await refused({ name: 'Again', url: '/existing', httpMethod: 'post' }, 409, 'doc.duplicate');
    expect(msg).toBe('POST /existing already exists in this application ("Existing")');
    // Another method, or another application, is fine.
    await saveDoc(t, w.token, { name: 'Get', url: '/existing', httpMethod: 'GET', moduleId: w.moduleId });
    const other = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'second app', projectId: w.projectId }, { token: w.token }),
    );
    await saveDoc(t, w.token, { name: 'Again', url: '/existing', httpMethod: 'POST', moduleId: other.id });
    // Renaming a doc's URL onto another's is refused the same way.
    const doc = await saveDoc(t, w.token, {
      name: 'Put',
      url: '/put',
      httpMethod: 'PUT',
      moduleId: w.moduleId,
    });
    await expectError(
      t.post(
        '/api/doc/save',
        { name: 'Put', url: '/existing', httpMethod: 'GET', moduleId: w.moduleId, id: doc.id, revision: 1 },
        { token: w.token },
      ),
      409,
      'doc.duplicate',
    );
  });

  it('refuses saving into a folder of another application, a missing parent, or a folder id as a doc', async () => {
    const other = await expectOk<{ id: string }>(
      t.post('/api/module/add', { name: 'other app', projectId: w.projectId }, { token: w.token }),
    );
    const foreign = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { name: 'f', moduleId: other.id }, { token: w.token }),
    );
    before = await docTablesState(t);
    await refused({ name: 'a', parentId: foreign.id }, 404, 'doc.folder_not_found');
    await refused({ name: 'a', parentId: 'nope' }, 404, 'doc.folder_not_found');
    await refused({ name: 'a', id: foreign.id, revision: 1 }, 400, 'doc.is_folder');
    await refused({ name: 'a', moduleId: 'missing' }, 404, 'module.not_found');
  });

  it('refuses a save on a module of a project the caller cannot write (403), changing nothing', async () => {
    const stranger = await createDocWorld(t);
    before = await docTablesState(t);
    await expectError(
      t.post('/api/doc/save', { name: 'a', url: '/a', moduleId: stranger.moduleId }, { token: w.token }),
      403,
      'auth.forbidden',
    );
    const theirs = await saveDoc(t, stranger.token, {
      name: 'theirs',
      url: '/t',
      moduleId: stranger.moduleId,
    });
    before = await docTablesState(t);
    // Naming one's own module does not open someone else's doc.
    await expectError(
      t.post(
        '/api/doc/save',
        { name: 'hijack', url: '/t', moduleId: w.moduleId, id: theirs.id, revision: 1 },
        { token: w.token },
      ),
      403,
      'auth.forbidden',
    );
    for (const [path, body] of [
      ['/api/doc/delete', { id: theirs.id }],
      ['/api/doc/lock', { id: theirs.id }],
      ['/api/doc/copy', { id: theirs.id }],
      ['/api/doc/move', { id: theirs.id, parentId: '' }],
      ['/api/doc/folder/add', { name: 'x', moduleId: stranger.moduleId }],
    ] as const) {
      await expectError(t.post(path, body, { token: w.token }), 403, 'auth.forbidden');
    }
    expect(await docTablesState(t)).toBe(before);
    await expectError(t.get(`/api/doc/detail?id=${theirs.id}`, { token: w.token }), 403, 'auth.forbidden');
    await expectError(
      t.get(`/api/doc/list?moduleId=${stranger.moduleId}`, { token: w.token }),
      403,
      'auth.forbidden',
    );
  });

  it('refuses wrong shapes field by field', async () => {
    const answer = await t.post(
      '/api/doc/save',
      {
        name: '',
        moduleId: w.moduleId,
        type: 9,
        isShow: 'maybe',
        requestParams: 'none',
        httpMethod: 'FETCH',
      },
      { token: w.token },
    );
    expect(answer.statusCode).toBe(400);
    const paths = envelopeOf<Issues>(answer).data.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.name',
        'body.type',
        'body.isShow',
        'body.requestParams',
        'body.httpMethod',
      ]),
    );
    expect(await docTablesState(t)).toBe(before);
  });
});
