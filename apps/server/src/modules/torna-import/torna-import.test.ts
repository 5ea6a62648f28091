import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsWithDocument } from '../../../test/doc-fixture.ts';
import { openCall, openOk } from '../../../test/push-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { createTornaFixture, type TornaFixture } from '../../../test/torna/torna-fixture.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { readDocument } from '../docs/doc-document.ts';
import { importTorna, TornaSourceError } from './torna-import.service.ts';
import { encodeTornaId } from './torna-links.service.ts';

// The Torna side is a MariaDB database (test/torna/torna-schema.sql + torna-data.sql); the Quire side runs on
// every dialect of the run.
const mariadb = process.env.TEST_MARIADB_URL;

describe.skipIf(!mariadb).each(testDialects())('import-torna into %s', (dialect) => {
  let t: TestApp;
  let torna: TornaFixture;
  const tornaIdOf = async (kind: string, tornaId: string) =>
    (
      await t.db
        .selectFrom('tornaIdMap')
        .select('quireId')
        .where('kind', '=', kind)
        .where('tornaId', '=', tornaId)
        .executeTakeFirst()
    )?.quireId;
  const docOf = async (tornaId: string) => {
    const quireId = await tornaIdOf('doc', tornaId);
    return docsWithDocument(t)
      .selectAll('docs')
      .select('cur.snapshot as content')
      .where('docs.id', '=', quireId ?? '-')
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    torna = await createTornaFixture();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await torna?.drop();
  });

  it('a dry run reports table by table and changes nothing', async () => {
    const report = await importTorna(t.db, { from: torna.url, dryRun: true });
    expect(report.version).toBe(13100);
    const docs = report.tables.find((table) => table.table === 'doc_info');
    expect(docs).toMatchObject({ torna: 11, added: 10 });
    expect(docs?.left).toEqual([{ key: 'reason.soft_deleted', args: [], count: 1 }]);
    // Releases are brought (torna-content.test.ts): a dry run counts them, like every other table.
    expect(report.tables.find((table) => table.table === 'project_release')?.added).toBe(2);
    expect(await t.db.selectFrom('docs').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('tornaIdMap').select('kind').execute()).toEqual([]);
  });

  it('a run cancelled between its steps stops there and writes nothing', async () => {
    const cancel = new AbortController();
    const phases: string[] = [];
    const run = importTorna(t.db, {
      from: torna.url,
      signal: cancel.signal,
      onRun: (importRun) => {
        importRun.onProgress = () => {
          phases.push(importRun.phase);
          if (importRun.phase === 'doc_info') cancel.abort();
        };
      },
    });
    await expect(run).rejects.toThrow();
    // Stopped at the breath after the docs step began: no later step ran, and the transaction rolled back.
    expect(phases).toContain('doc_info');
    expect(phases).not.toContain('share_config');
    expect(await t.db.selectFrom('docs').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('tornaIdMap').select('kind').execute()).toEqual([]);
  });

  it('brings the organisation, docs with their param trees, dictionaries and Dubbo facts', async () => {
    const report = await importTorna(t.db, { from: torna.url });
    expect(report.dryRun).toBe(false);
    expect(report.quire).toMatchObject({ spaces: 3, projects: 2, modules: 3, docs: 10, shareConfigs: 2 });
    const project = await t.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', (await tornaIdOf('project', '2')) ?? '-')
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({ name: 'Payments', isPrivate: 1 });
    const zhang = await tornaIdOf('user', '2');
    const member = await t.db
      .selectFrom('projectMembers')
      .selectAll()
      .where('userId', '=', zhang ?? '-')
      .where('projectId', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(member.role).toBe('dev');

    const goods = await docOf('11');
    const folder = await docOf('10');
    expect(goods).toMatchObject({
      name: '获取商品详情',
      parentId: folder.id,
      httpMethod: 'GET',
      isFolder: 0,
    });
    const doc = readDocument(goods.content);
    expect(doc.pathParams.map((p) => [p.name, p.type, p.required])).toEqual([['goodsId', 'number', true]]);
    expect(doc.queryParams.map((p) => p.name)).toEqual(['lang']);
    const data = doc.responseParams.find((p) => p.name === 'data');
    expect(data?.children.map((p) => p.name)).toEqual(['name', 'status', 'tags']);
    expect(data?.children[1]?.enumId).toBe(await tornaIdOf('enum', '1'));
    expect(doc.errorCodeParams).toMatchObject([
      { code: '10001', description: '商品不存在', solution: '检查商品ID' },
    ]);
    expect(doc.responseParams.map((p) => p.name)).not.toContain('old');

    const locked = await docOf('12');
    expect(locked).toMatchObject({ isLocked: 1, deprecated: '请使用 /goods/v2/add' });
    const markdown = readDocument((await docOf('13')).content);
    expect(markdown.type).toBe(3);
    expect(markdown.description).toContain('```json');
    const rich = await docOf('14');
    expect(rich.isShow).toBe(0);
    expect(readDocument(rich.content).description).not.toContain('<script');
    const dubbo = readDocument((await docOf('21')).content);
    expect(dubbo.dubboInfo).toMatchObject({
      interfaceName: 'com.example.order.OrderService',
      version: '1.0.0',
    });
    // An orphan (its folder 777 never existed) is kept at the top; a deleted doc stays out.
    expect((await docOf('16')).parentId).toBe('');
    expect(await tornaIdOf('doc', '15')).toBeUndefined();

    const env = await t.db
      .selectFrom('environmentGlobals')
      .selectAll()
      .where('environmentId', '=', (await tornaIdOf('environment', '1')) ?? '-')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(env.content).globalHeaders[0]).toMatchObject({ name: 'Authorization', required: true });
    // Torna kept share passwords in plain text: Quire has only their hash.
    const share = await t.db
      .selectFrom('shareConfigs')
      .selectAll()
      .where('id', '=', (await tornaIdOf('share', '2')) ?? '-')
      .executeTakeFirstOrThrow();
    expect(share.passwordHash).not.toContain('k7Qz');
    expect(await verifyPassword(share.passwordHash, 'k7Qz')).toBe(true);
    expect(share.expiresOn).toBe('2099-12-31');
  });

  it('signs a Torna user in with the Torna password once, then keeps argon2id only', async () => {
    const before = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'zhangsan')
      .executeTakeFirstOrThrow();
    expect(before.passwordHash.startsWith('$torna-md5$')).toBe(true);
    const wrong = await t.post('/api/system/login', { username: 'zhangsan', password: 'not-it' });
    expect(envelopeOf(wrong).code).toBe('auth.bad_credentials');
    const ok = await t.post('/api/system/login', { username: 'zhangsan', password: 'zs-密码-2024' });
    expect(envelopeOf<{ token: string; status: number }>(ok)).toMatchObject({
      code: '0',
      data: { status: 1 },
    });
    const after = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'zhangsan')
      .executeTakeFirstOrThrow();
    expect(after.passwordHash.startsWith('$argon2id$')).toBe(true);
    const again = await t.post('/api/system/login', { username: 'zhangsan', password: 'zs-密码-2024' });
    expect(envelopeOf(again).code).toBe('0');
    // Must set a new password, as in Torna; a disabled account stays refused.
    const lisi = await t.post('/api/system/login', { username: 'lisi', password: 'lisi-pass' });
    expect(envelopeOf<{ status: number }>(lisi).data.status).toBe(2);
    const bob = await t.post('/api/system/login', { username: 'bob', password: 'bob-pass' });
    expect(envelopeOf(bob).code).toBe('auth.account_disabled');
  });

  it('lands old Torna links (/#/view/<hashid>, /#/share/<hashid>) on the same doc and share', async () => {
    const link = async (query: string) =>
      envelopeOf<{ path: string | null }>(await t.get(`/api/torna/link?${query}`)).data.path;
    expect(await link(`route=view&id=${encodeTornaId(11)}`)).toBe(`/view/${await tornaIdOf('doc', '11')}`);
    expect(await link(`route=share&id=${encodeTornaId(2)}`)).toBe(`/share/${await tornaIdOf('share', '2')}`);
    expect(await link(`route=share&id=${encodeTornaId(2)}&docId=${encodeTornaId(13)}`)).toBe(
      `/share/${await tornaIdOf('share', '2')}/${await tornaIdOf('doc', '13')}`,
    );
    expect(await link(`route=show&id=${encodeTornaId(1)}`)).toBe(`/show/${await tornaIdOf('compose', '1')}`);
    // A deleted doc, an id never imported and a string that is no hashid land nowhere.
    expect(await link(`route=view&id=${encodeTornaId(15)}`)).toBeNull();
    expect(await link(`route=view&id=${encodeTornaId(123456)}`)).toBeNull();
    expect(await link('route=view&id=not-a-hashid')).toBeNull();
  });

  it('takes a push with the push token read from the Torna database', async () => {
    const [row] = await torna.query<{ token: string }>('select token from module where id = 3');
    const counts = await openOk<{ added: number }>(
      openCall(
        t,
        'doc.push',
        { apis: [{ name: 'Capture', url: '/pay/capture', httpMethod: 'POST' }], isReplace: '0' },
        row?.token,
      ),
    );
    expect(counts.added).toBe(1);
    const moduleId = await tornaIdOf('module', '3');
    const names = await t.db
      .selectFrom('docs')
      .select('name')
      .where('moduleId', '=', moduleId ?? '-')
      .execute();
    expect(names.map((d) => d.name)).toContain('Capture');
  });

  it('a second run brings only what changed in Torna and keeps what was edited in Quire', async () => {
    // In Quire: someone edits the refund doc.
    const refund = await docOf('31');
    await t.db
      .updateTable('docs')
      .set({ revision: refund.revision + 1 })
      .where('id', '=', refund.id)
      .execute();
    await t.db
      .insertInto('docRevisions')
      .values({
        docId: refund.id,
        revision: refund.revision + 1,
        snapshot: refund.content,
        remark: '',
        source: 'web',
        changes: '[]',
        restoredFrom: null,
        createdBy: refund.createdBy,
        createdAt: refund.updatedAt,
      })
      .execute();
    // In Torna: a doc edited, one deleted, one added, the refund edited too, a new user and membership.
    await torna.exec(`
      update doc_info set name = '新增商品 v2' where id = 12;
      update doc_info set is_deleted = 1 where id = 13;
      update doc_info set description = 'Refunds a charge (Torna)' where id = 31;
      insert into doc_info (id, data_id, name, description, type, url, http_method, module_id, parent_id)
        values (40, md5('new'), 'Query stock', '', 0, '/goods/stock', 'GET', 1, 10);
      insert into user_info (id, username, password, nickname) values (9, 'zhaoliu', 'x', '赵六');
      insert into project_user (project_id, user_id, role_code) values (1, 9, 'guest');
      update project_user set role_code = 'admin' where project_id = 1 and user_id = 2;`);
    const report = await importTorna(t.db, { from: torna.url });
    const docs = report.tables.find((table) => table.table === 'doc_info');
    expect(docs).toMatchObject({ added: 1, updated: 1, deleted: 1 });
    expect(docs?.left).toContainEqual({ key: 'reason.edited_in_quire', args: [], count: 1 });
    expect((await docOf('12')).name).toBe('新增商品 v2');
    expect((await docOf('13')).deletedAt).not.toBeNull();
    expect(readDocument((await docOf('31')).content).description).toBe('Refunds a charge');
    expect((await docOf('40')).parentId).toBe((await docOf('10')).id);
    expect(report.tables.find((table) => table.table === 'user_info')?.added).toBe(1);
    expect(report.tables.find((table) => table.table === 'project_user')).toMatchObject({
      added: 1,
      updated: 1,
    });
    expect(
      await t.db.selectFrom('users').select('id').where('username', '=', 'zhaoliu').execute(),
    ).toHaveLength(1);
    // Nothing was duplicated.
    const again = await importTorna(t.db, { from: torna.url });
    const total = again.tables.reduce((sum, table) => sum + table.added + table.updated + table.deleted, 0);
    expect(total).toBe(0);
    expect(again.quire.docs).toBe(report.quire.docs);
  });

  it('reads docs with their params batch by batch: a folder before its docs, each param on its own doc', async () => {
    // 600 docs (more than one batch of 500: torna-doc-import.ts) under a folder whose id comes after theirs, each
    // with a param and a child param named after it, and a soft-deleted param.
    const ids = Array.from({ length: 600 }, (_, i) => 5001 + i);
    const docs = ids.map(
      (doc) => `(${doc}, 'bd${doc}', 'Doc ${doc}', '', 0, '/batch/${doc}', 'POST', 1, 9000, ${doc})`,
    );
    const params = ids.flatMap((doc) => [
      `(${doc * 10 + 1}, 'bp${doc}a', 'body${doc}', 'object', '', ${doc}, 0, 2, 0)`,
      `(${doc * 10 + 2}, 'bp${doc}b', 'child${doc}', 'String', '', ${doc}, ${doc * 10 + 1}, 2, 0)`,
      `(${doc * 10 + 3}, 'bp${doc}c', 'gone${doc}', 'String', '', ${doc}, 0, 2, 1)`,
    ]);
    await torna.exec(`
      insert into doc_info (id, data_id, name, description, is_folder, url, http_method, module_id, parent_id)
        values (9000, 'bfolder', 'Batch folder', '', 1, '', '', 1, 0);
      insert into doc_info (id, data_id, name, description, type, url, http_method, module_id, parent_id, order_index)
        values ${docs.join(', ')};
      insert into doc_param (id, data_id, name, type, description, doc_id, parent_id, style, is_deleted)
        values ${params.join(', ')};`);
    const before = await importTorna(t.db, { from: torna.url, dryRun: true });
    const report = await importTorna(t.db, { from: torna.url });
    expect(report).toEqual({ ...before, dryRun: false });
    expect(report.tables.find((table) => table.table === 'doc_info')).toMatchObject({ added: 601 });
    expect(report.tables.find((table) => table.table === 'doc_param')?.added).toBe(1200);
    const folder = await docOf('9000');
    for (const doc of [5001, 5500, 5501, 5600]) {
      const row = await docOf(String(doc));
      expect(row.parentId).toBe(folder.id);
      const body = readDocument(row.content).requestParams;
      expect(body.map((p) => [p.name, p.children.map((c) => c.name)])).toEqual([
        [`body${doc}`, [`child${doc}`]],
      ]);
    }
  });

  it('refuses an unreachable database, wrong credentials and a database that is not Torna’s, changing nothing', async () => {
    const docs = (await t.db.selectFrom('docs').select('id').execute()).length;
    const port = new URL(mariadb ?? '').port || '3306';
    await expect(importTorna(t.db, { from: 'mysql://root@127.0.0.1:1/torna' })).rejects.toThrow(
      /cannot reach/,
    );
    await expect(
      importTorna(t.db, { from: `mysql://nobody-here:wrong@127.0.0.1:${port}/torna` }),
    ).rejects.toThrow(/refused the user name or password/);
    const empty = await createTornaFixture({ schema: false });
    try {
      await expect(importTorna(t.db, { from: empty.url })).rejects.toThrow(TornaSourceError);
      await expect(importTorna(t.db, { from: empty.url })).rejects.toThrow(/is not a Torna database/);
    } finally {
      await empty.drop();
    }
    expect((await t.db.selectFrom('docs').select('id').execute()).length).toBe(docs);
  });
});
