import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface TrashAnswer {
  type: string;
  id: string;
  name: string;
  parentName: string;
  isFolder: boolean;
  deletedByName: string;
}

describe.each(testDialects())('deleted docs in the trash on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let root: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    root = await newUser(t, { isSuperAdmin: true });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  const trashOf = async (moduleName?: string) =>
    (await expectOk<TrashAnswer[]>(t.get('/api/admin/trash/list', { token: root.token }))).filter(
      (item) => item.type === 'doc' && (moduleName === undefined || item.parentName === moduleName),
    );
  const restore = (id: string, token = root.token) =>
    t.post('/api/admin/trash/restore', { type: 'doc', id }, { token });
  const tree = async () =>
    (
      await expectOk<Array<{ id: string; name: string; parentId: string }>>(
        t.get(`/api/doc/list?moduleId=${w.moduleId}`, { token: w.token }),
      )
    ).map((row) => `${row.name}@${row.parentId ? 'folder' : 'top'}`);

  it('lists a deleted folder once (not its contents) and restores it with everything deleted with it', async () => {
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { name: 'Orders', moduleId: w.moduleId }, { token: w.token }),
    );
    await saveDoc(t, w.token, { name: 'list', url: '/orders', moduleId: w.moduleId, parentId: folder.id });
    const lone = await saveDoc(t, w.token, { name: 'ping', url: '/ping', moduleId: w.moduleId });
    // Deleted on its own before the folder: it stays a separate item.
    const early = await saveDoc(t, w.token, {
      name: 'old',
      url: '/old',
      moduleId: w.moduleId,
      parentId: folder.id,
    });
    await expectOk(t.post('/api/doc/delete', { id: early.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/delete', { id: folder.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/delete', { id: lone.id }, { token: w.token }));
    const moduleName = (
      await expectOk<{ name: string }>(t.get(`/api/module/info?moduleId=${w.moduleId}`, { token: w.token }))
    ).name;
    const items = await trashOf(moduleName);
    expect(items.map((item) => [item.name, item.isFolder])).toEqual([
      ['ping', false],
      ['Orders', true],
      ['old', false],
    ]);
    expect(items[0]?.deletedByName).toBe(w.nickname);
    expect(await tree()).toEqual([]);

    await expectOk(restore(folder.id));
    expect((await tree()).sort()).toEqual(['Orders@top', 'list@folder']);
    // The doc deleted earlier returns into its (restored) folder.
    await expectOk(restore(early.id));
    expect((await tree()).sort()).toEqual(['Orders@top', 'list@folder', 'old@folder']);
    expect((await trashOf(moduleName)).map((item) => item.name)).toEqual(['ping']);
  });

  it('refuses a restore whose method and URL are taken now, clearly, and changes nothing', async () => {
    const doc = await saveDoc(t, w.token, {
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      moduleId: w.moduleId,
    });
    await expectOk(t.post('/api/doc/delete', { id: doc.id }, { token: w.token }));
    await saveDoc(t, w.token, {
      name: 'New create',
      url: '/orders',
      httpMethod: 'POST',
      moduleId: w.moduleId,
    });
    const message = await expectError(restore(doc.id), 409, 'trash.doc_taken');
    expect(message).toBe(
      'Cannot restore "Create order": POST /orders is now used by "New create" in this application. Change or delete that doc first.',
    );
    expect(await tree()).toEqual(['New create@top']);
  });

  it('puts a doc whose folder is gone at the top, and refuses docs of deleted applications and old deletions', async () => {
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { name: 'F', moduleId: w.moduleId }, { token: w.token }),
    );
    const inner = await saveDoc(t, w.token, {
      name: 'inner',
      url: '/inner',
      moduleId: w.moduleId,
      parentId: folder.id,
    });
    await expectOk(t.post('/api/doc/delete', { id: inner.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/delete', { id: folder.id }, { token: w.token }));
    await expectOk(restore(inner.id));
    expect(await tree()).toEqual(['inner@top']);

    const old = await saveDoc(t, w.token, { name: 'old', url: '/old', moduleId: w.moduleId });
    await expectOk(t.post('/api/doc/delete', { id: old.id }, { token: w.token }));
    await t.db
      .updateTable('docs')
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 3600_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect((await trashOf()).some((item) => item.id === old.id)).toBe(false);
    await expectError(restore(old.id), 404, 'trash.not_found');
    await expectError(restore(inner.id), 404, 'trash.not_found');

    const gone = await saveDoc(t, w.token, { name: 'gone', url: '/gone', moduleId: w.moduleId });
    await expectOk(t.post('/api/doc/delete', { id: gone.id }, { token: w.token }));
    await expectOk(t.post('/api/module/delete', { id: w.moduleId }, { token: w.token }));
    await expectError(restore(gone.id), 409, 'trash.module_deleted');
    await expectError(restore(gone.id, w.token), 403, 'auth.forbidden');
  });
});
