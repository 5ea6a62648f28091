import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { createTornaFixture, type TornaFixture } from '../../../test/torna/torna-fixture.ts';
import { readDocument } from '../docs/doc-document.ts';
import type { TornaNote } from '@quire/shared';
import { importTorna, type TornaImportReport } from './torna-import.service.ts';
import { renderTorna } from './torna-messages.ts';

// Releases, history and code templates of the Torna database of test/torna/ (torna-data.sql), into every
// dialect of the run.
const mariadb = process.env.TEST_MARIADB_URL;

describe.skipIf(!mariadb).each(testDialects())('import-torna content into %s', (dialect) => {
  let t: TestApp;
  let torna: TornaFixture;
  let report: TornaImportReport;
  let admin: string;
  const quireIdOf = async (kind: string, tornaId: string) =>
    (
      await t.db
        .selectFrom('tornaIdMap')
        .select('quireId')
        .where('kind', '=', kind)
        .where('tornaId', '=', tornaId)
        .executeTakeFirst()
    )?.quireId ?? '-';
  const tableOf = (name: string) => report.tables.find((table) => table.table === name);
  /** Why rows of a table were left out, as the command line says it (in English), with how many. */
  const leftOf = (name: string) =>
    Object.fromEntries((tableOf(name)?.left ?? []).map((reason) => [renderTorna(reason), reason.count]));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    torna = await createTornaFixture();
    report = await importTorna(t.db, { from: torna.url });
    admin = envelopeOf<{ token: string }>(
      await t.post('/api/system/login', { username: 'admin', password: '123456' }),
    ).data.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await torna?.drop();
  });

  it('brings Torna’s snapshots as earlier revisions, oldest first, with who and when', async () => {
    const goods = await t.db
      .selectFrom('docs')
      .selectAll()
      .where('id', '=', await quireIdOf('doc', '11'))
      .executeTakeFirstOrThrow();
    // Two earlier saves, then the doc as it is (Torna's newest snapshot is the current doc: not brought twice).
    expect(goods.revision).toBe(3);
    const listed = envelopeOf<
      Array<{ revision: number; creatorName: string; createTime: string; source: string; changes: unknown[] }>
    >(await t.get(`/api/doc/revision/list?docId=${goods.id}`, { token: admin }));
    expect(listed.code).toBe('0');
    const byRevision = new Map(listed.data.map((r) => [r.revision, r]));
    expect([...byRevision.keys()].sort()).toEqual([1, 2, 3]);
    // Times are Torna's wall clock in Asia/Shanghai.
    expect(byRevision.get(1)).toMatchObject({ createTime: '2021-03-05T02:10:00.000Z', source: 'import' });
    expect(byRevision.get(2)).toMatchObject({ createTime: '2021-03-05T07:30:00.000Z' });
    const revisions = await t.db
      .selectFrom('docRevisions')
      .selectAll()
      .where('docId', '=', goods.id)
      .orderBy('revision')
      .execute();
    expect(revisions.map((r) => r.createdBy)).toEqual([
      await quireIdOf('user', '2'),
      await quireIdOf('user', '1'),
      await quireIdOf('user', '2'),
    ]);
    const first = readDocument(revisions[0]?.snapshot ?? '{}');
    expect(first.name).toBe('获取商品');
    expect(first.pathParams.map((p) => [p.name, p.type])).toEqual([['goodsId', 'string']]);
    expect(first.responseParams.find((p) => p.name === 'data')?.children.map((p) => p.name)).toEqual([
      'name',
    ]);
    const second = readDocument(revisions[1]?.snapshot ?? '{}');
    expect(second.headerParams.map((p) => p.name)).toEqual(['X-Token']);
    // A hashid enum id in the snapshot names the same dictionary as the current doc.
    const status = second.responseParams.find((p) => p.name === 'data')?.children[1];
    expect(status?.enumId).toBe(await quireIdOf('enum', '1'));
    // The changelog reads each revision's changes: the rename at 2, the query param and tags at 3.
    const changes = (r: number) => JSON.stringify(byRevision.get(r)?.changes ?? []);
    expect(changes(2)).toContain('获取商品详情');
    expect(changes(3)).toContain('lang');
    expect(changes(3)).toContain('tags');
    expect(readDocument(revisions[2]?.snapshot ?? '{}').queryParams.map((p) => p.name)).toEqual(['lang']);

    const charge = await t.db
      .selectFrom('docs')
      .select('revision')
      .where('id', '=', await quireIdOf('doc', '30'))
      .executeTakeFirstOrThrow();
    expect(charge.revision).toBe(2);
    expect(tableOf('doc_snapshot')).toMatchObject({ torna: 6, added: 3 });
    expect(tableOf('doc_snapshot')?.left).toHaveLength(3);
    expect(tableOf('doc_snapshot')?.left).toEqual(
      expect.arrayContaining([
        { key: 'reason.snapshot_no_doc', args: [], count: 1 },
        { key: 'reason.snapshot_current', args: [], count: 1 },
        { key: 'reason.snapshot_unreadable', args: [], count: 1 },
      ]),
    );
    // The note says which snapshot, in English on the command line and in Chinese on a zh-CN page.
    const unreadable = report.notes.find((note) => note.key === 'note.snapshot_unreadable');
    expect(unreadable?.args[0]).toBe('5');
    expect(renderTorna(unreadable as TornaNote)).toMatch(
      /^doc_snapshot #5: its content cannot be read \(.+\)$/,
    );
    expect(renderTorna(unreadable as TornaNote, 'zh-CN')).toMatch(/^doc_snapshot #5：无法读取其内容（.+）$/);
    expect(tableOf('doc_diff_record')?.left).toEqual([{ key: 'reason.diffs', args: [], count: 4 }]);
  });

  it('brings releases with their docs frozen at the revisions of the import, and their followers', async () => {
    const release = await t.db
      .selectFrom('releases')
      .selectAll()
      .where('id', '=', await quireIdOf('release', '1'))
      .executeTakeFirstOrThrow();
    expect(release).toMatchObject({
      projectId: await quireIdOf('project', '1'),
      releaseNo: 'v1.0.0',
      releaseDesc: '首个版本',
      status: 1,
      dingdingWebhook: 'https://oapi.dingtalk.com/robot/send?access_token=abc',
      createdAt: '2021-03-06T04:00:00.000Z',
    });
    const bound = envelopeOf<
      Array<{ id: string; children: Array<{ id: string; name: string; revision: number }> }>
    >(
      await t.post(
        '/api/project/release/bind/list',
        { projectId: release.projectId, releaseId: release.id },
        { token: admin },
      ),
    );
    expect(bound.code).toBe('0');
    expect(bound.data.map((m) => m.id)).toEqual([await quireIdOf('module', '1')]);
    // Doc 11 at revision 3 (its history came first); the deleted doc 15 and the folder 10 are not frozen.
    expect(bound.data[0]?.children.map((d) => [d.name, d.revision])).toEqual([
      ['获取商品详情', 3],
      ['新增商品', 1],
    ]);
    const english = await t.db
      .selectFrom('releases')
      .selectAll()
      .where('id', '=', await quireIdOf('release', '2'))
      .executeTakeFirstOrThrow();
    expect(english).toMatchObject({ releaseNo: '2.1', releaseDesc: 'Refunds added', status: 0 });
    expect(english.weComWebhook).toContain('qyapi.weixin.qq.com');
    const frozen = await t.db
      .selectFrom('releaseDocs')
      .select(['docId', 'revision'])
      .where('releaseId', '=', english.id)
      .orderBy('orderIndex')
      .execute();
    expect(frozen).toEqual([
      { docId: await quireIdOf('doc', '30'), revision: 2 },
      { docId: await quireIdOf('doc', '31'), revision: 1 },
    ]);
    expect(tableOf('project_release')?.added).toBe(2);
    expect(leftOf('project_release')).toEqual({
      'soft-deleted in Torna': 1,
      'its project was deleted or is missing (orphan)': 1,
    });
    expect(tableOf('project_release_doc')?.added).toBe(4);
    expect(leftOf('project_release_doc')).toEqual({
      'its doc was not brought, is deleted or is a folder': 2,
      // Release 2.1 of Payments names doc 11 of the shop project: Quire's releases stay in their project.
      'its doc belongs to another project': 1,
      'soft-deleted in Torna': 1,
      'its release was not brought': 1,
    });
    const followers = await t.db.selectFrom('releaseSubscriptions').select(['userId', 'releaseId']).execute();
    expect(followers).toHaveLength(2);
    expect(followers).toContainEqual({ userId: await quireIdOf('user', '2'), releaseId: release.id });
    expect(followers).toContainEqual({ userId: await quireIdOf('user', '3'), releaseId: english.id });
    expect(tableOf('user_subscribe')?.left).toContainEqual({
      key: 'reason.orphan_release_subscription',
      args: [],
      count: 1,
    });
  });

  it('translates Velocity templates to Liquid and brings the others disabled, saying why', async () => {
    const templates = await t.db.selectFrom('genTemplates').selectAll().execute();
    const named = (name: string) => templates.find((row) => row.name === name);
    expect(named('Old')).toBeUndefined();
    expect(named('curl')).toMatchObject({ groupName: '默认分组', disabledNote: '' });
    expect(named('Field list')).toMatchObject({ groupName: 'English', disabledNote: '' });
    expect(named('Java 实体')?.disabledNote).toContain('$docInfo');
    expect(named('Vue 表格')?.disabledNote).toContain('#set');
    // The report's note says why in the reader's language; the template's own note stays English.
    const vue = report.notes.find(
      (note) => note.key === 'note.template_disabled' && note.args[1] === 'Vue 表格',
    );
    expect(renderTorna(vue as TornaNote)).toContain('#set has no Liquid form');
    expect(renderTorna(vue as TornaNote, 'zh-CN')).toMatch(
      /^代码模板“.+ \/ Vue 表格”已停用，需改写为 Liquid：.*#set 没有对应的 Liquid 写法/,
    );
    // Disabled templates keep their Velocity text for the rewrite.
    expect(named('Vue 表格')?.content).toContain('#set($jq="$")');

    const docId = await quireIdOf('doc', '11');
    const generate = async (name: string) =>
      envelopeOf<{ content: string }>(
        await t.post('/api/doc/gen/generate', { docId, templateId: named(name)?.id }, { token: admin }),
      );
    const curl = await generate('curl');
    expect(curl.code).toBe('0');
    expect(curl.data.content).toBe(
      "curl --location '/goods/{goodsId}?lang=zh-CN' \\\n--header 'X-Token: abc' \\\n",
    );
    const fields = await generate('Field list');
    expect(fields.data.content).toBe('1. code (number) required\n2. data (object) required\n');
    const refused = await generate('Java 实体');
    expect(refused.code).toBe('gen.template_disabled');
    expect(refused.msg).toContain('$docInfo');
    // The detail shows why; saving a Liquid rewrite enables the template.
    const java = named('Java 实体');
    const detail = envelopeOf<{ disabledNote: string }>(
      await t.get(`/api/admin/gen/template/detail?id=${java?.id}`, { token: admin }),
    );
    expect(detail.data.disabledNote).toContain('$docInfo');
    const saved = await t.post(
      '/api/admin/gen/template/update',
      { id: java?.id, groupName: '默认分组', name: 'Java 实体', content: 'public class {{ doc.name }} {}' },
      { token: admin },
    );
    expect(envelopeOf(saved).code).toBe('0');
    expect((await generate('Java 实体')).data.content).toBe('public class 获取商品详情 {}');
    expect(tableOf('gen_template')?.added).toBe(4);
    expect(leftOf('gen_template')).toEqual({ 'soft-deleted in Torna': 1 });
  });

  it('a second run duplicates no release, revision or template', async () => {
    const count = async (table: 'releases' | 'releaseDocs' | 'docRevisions' | 'genTemplates') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      releases: await count('releases'),
      releaseDocs: await count('releaseDocs'),
      docRevisions: await count('docRevisions'),
      genTemplates: await count('genTemplates'),
    };
    const again = await importTorna(t.db, { from: torna.url });
    for (const table of ['project_release', 'project_release_doc', 'doc_snapshot', 'gen_template'])
      expect(again.tables.find((row) => row.table === table)?.added).toBe(0);
    expect(again.tables.find((row) => row.table === 'project_release')?.unchanged).toBe(2);
    expect(again.tables.find((row) => row.table === 'doc_snapshot')?.unchanged).toBe(4);
    expect({
      releases: await count('releases'),
      releaseDocs: await count('releaseDocs'),
      docRevisions: await count('docRevisions'),
      genTemplates: await count('genTemplates'),
    }).toEqual(before);
  });
});
