import type { Job, TornaImportStarted } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../../../test/import-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { createTornaFixture, type TornaFixture } from '../../../test/torna/torna-fixture.ts';

// Backend management › Import from Torna through the web API: the Torna side is the MariaDB fixture of
// test/torna/, the Quire side every dialect of the run.
const mariadb = process.env.TEST_MARIADB_URL;

describe.skipIf(!mariadb).each(testDialects())('POST /api/admin/torna/* on %s', (dialect) => {
  let t: TestApp;
  let torna: TornaFixture;
  let admin: string;
  let plain: string;

  const start = async (call: 'dryRun' | 'import', body: unknown, lang = 'en') =>
    (await expectOk<TornaImportStarted>(t.post(`/api/admin/torna/${call}`, body, { token: admin, lang })))
      .jobId;
  const run = async (call: 'dryRun' | 'import', body: unknown, lang = 'en'): Promise<Job> => {
    const jobId = await start(call, body, lang);
    await waitForJob(t, admin, jobId);
    // The failure is answered in the caller's language.
    return expectOk<Job>(t.get(`/api/job/get?id=${jobId}`, { token: admin, lang }));
  };
  const everything = async () =>
    JSON.stringify([
      await t.db.selectFrom('jobs').selectAll().execute(),
      await t.db.selectFrom('auditLog').selectAll().execute(),
    ]);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    torna = await createTornaFixture();
    await t.createUser({ username: 'root-admin', isSuperAdmin: true });
    await t.createUser({ username: 'plain' });
    admin = await t.login('root-admin');
    plain = await t.login('plain');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await torna?.drop();
  });

  it('refuses anyone but the super admin, and keeps their jobs from others', async () => {
    const refused = await t.post('/api/admin/torna/dryRun', { url: torna.url }, { token: plain });
    expect(refused.statusCode).toBe(403);
    expect((await t.post('/api/admin/torna/import', { url: torna.url })).statusCode).toBe(401);
    const jobId = await start('dryRun', { url: torna.url });
    await waitForJob(t, admin, jobId);
    expect((await t.get(`/api/job/get?id=${jobId}`, { token: plain })).statusCode).toBe(404);
    expect((await t.post('/api/job/cancel', { id: jobId }, { token: plain })).statusCode).toBe(404);
  });

  it('refuses a URL that is not mysql:// with the form message', async () => {
    const answer = await t.post(
      '/api/admin/torna/dryRun',
      { url: 'http://torna:3306/torna' },
      { token: admin },
    );
    expect(answer.statusCode).toBe(400);
    expect(envelopeOf(answer).msg).toContain('mysql://user:password@host:3306/torna');
  });

  it('runs a dry run as a job: the report table by table, nothing changed', async () => {
    const job = await run('dryRun', { url: torna.url });
    expect(job.status).toBe('done');
    expect(job.result).toBeNull();
    const report = job.torna;
    expect(report).toMatchObject({ dryRun: true, version: 13100 });
    expect(report?.tables).toHaveLength(43);
    expect(report?.tables.find((row) => row.table === 'doc_info')).toMatchObject({ torna: 11, added: 10 });
    expect(report?.tables.find((row) => row.table === 'doc_info')?.left).toEqual([
      { key: 'reason.soft_deleted', args: [], count: 1 },
    ]);
    // Quire's side: as it is, and as the import would leave it.
    expect(report?.quireBefore?.docs).toBe(0);
    expect(report?.quire).toMatchObject({ docs: 10, spaces: 3 });
    expect(await t.db.selectFrom('docs').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('tornaIdMap').select('kind').execute()).toEqual([]);
  });

  it('moves the job’s phase table by table while it runs, on SQLite too', async () => {
    // On SQLite every statement completes synchronously: only the import's breaths between steps and batches
    // (torna-run.ts `breathe`) let this poll be answered before the end. Polled as fast as answers come, with
    // no timer, so what is seen depends on those breaths, not on the machine's speed.
    const jobId = await start('dryRun', { url: torna.url });
    const phases: string[] = [];
    for (;;) {
      const job = await expectOk<Job>(t.get(`/api/job/get?id=${jobId}`, { token: admin }));
      if (job.status === 'running' && phases[phases.length - 1] !== job.phase) phases.push(job.phase);
      if (job.status !== 'queued' && job.status !== 'running') {
        expect(job.status).toBe('done');
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const tables = phases.filter((phase) => phase !== '' && phase !== 'read' && phase !== 'commit');
    // The import's steps seen while it ran come in its order (torna-import.service.ts).
    const order = [
      'user_info',
      'space',
      'space_user',
      'project',
      'project_user',
      'module',
      'open_user',
      'enum_info',
      'module_environment',
      'doc_info',
      'doc_snapshot',
      'project_release',
      'constant_info',
      'share_config',
      'compose_project',
      'mock_config',
      'debug_script',
      'user_subscribe',
      'user_message',
      'gen_template',
    ];
    expect(tables).toEqual(order.filter((table) => tables.includes(table)));
    // Among them steps that wait on nothing but Quire's database: on SQLite, without the breaths, the poll is
    // answered only while a step waits on Torna's side (doc_info reads params) or hashes a password, never
    // during these.
    const quireOnly = ['space', 'space_user', 'project', 'project_user', 'module', 'open_user', 'enum_info'];
    expect(tables.filter((table) => quireOnly.includes(table)).length).toBeGreaterThanOrEqual(3);
  });

  it('imports as a job with the final counts on both sides, audited, and a second run changes nothing', async () => {
    const job = await run('import', { url: torna.url });
    expect(job.status).toBe('done');
    expect(job.torna?.dryRun).toBe(false);
    expect(job.torna?.quireBefore).toMatchObject({ docs: 0, spaces: 0 });
    expect(job.torna?.quire).toMatchObject({ spaces: 3, projects: 2, modules: 3, docs: 10, shareConfigs: 2 });
    expect(job.torna?.tables.find((row) => row.table === 'user_info')?.torna).toBeGreaterThan(0);
    const docs = await t.db.selectFrom('docs').select('id').where('deletedAt', 'is', null).execute();
    expect(docs).toHaveLength(10);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'torna.import')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'job', targetId: job.id });

    const again = await run('import', { url: torna.url });
    expect(again.status).toBe('done');
    const doc = again.torna?.tables.find((row) => row.table === 'doc_info');
    expect(doc).toMatchObject({ added: 0, updated: 0, deleted: 0, unchanged: 10 });
    expect(again.torna?.quire.docs).toBe(10);
  });

  it('says in the caller’s language when the database cannot be reached, and never shows the password', async () => {
    const url = 'mysql://torna:Hunter2-Secret@127.0.0.1:9/torna';
    const en = await run('import', { url, salt: 'pepper-Secret' });
    expect(en.status).toBe('failed');
    expect(en.error).toBe(
      'Cannot reach the Torna database at mysql://torna:***@127.0.0.1:9/torna (ECONNREFUSED); check the host, the port and the firewall',
    );
    const zh = await run('dryRun', { url }, 'zh-CN');
    expect(zh.error).toBe(
      '无法连接 Torna 数据库 mysql://torna:***@127.0.0.1:9/torna（ECONNREFUSED），请检查主机、端口和防火墙',
    );
    const stored = await everything();
    expect(stored).not.toContain('Hunter2-Secret');
    expect(stored).not.toContain('pepper-Secret');
    expect(stored).toContain('mysql://torna:***@127.0.0.1:9/torna');
  });

  it('refuses wrong credentials and a database that is not Torna’s, with a clear message', async () => {
    const wrong = new URL(torna.url);
    wrong.username = 'no_such_user';
    wrong.password = 'Wrong-Secret';
    const denied = await run('dryRun', { url: wrong.toString() });
    expect(denied.status).toBe('failed');
    expect(denied.error).toMatch(
      /^The Torna database at mysql:\/\/no_such_user:\*\*\*@.* refused the user name or password$/,
    );
    const empty = await createTornaFixture({ schema: false });
    try {
      const notTorna = await run('dryRun', { url: empty.url }, 'zh-CN');
      expect(notTorna.error).toContain(
        '不是 Torna 的数据库：缺少 system_config, user_info, space, project, module, doc_info, doc_param 表',
      );
    } finally {
      await empty.drop();
    }
    expect(await everything()).not.toContain('Wrong-Secret');
  });
});
