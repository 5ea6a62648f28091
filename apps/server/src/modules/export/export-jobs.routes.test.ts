import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { refreshPushToken } from '../../../test/push-fixture.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

// Exports too large to answer at once: jobs in the worker pool, then a download (export.routes.test.ts: the rest).
describe.each(testDialects())('large doc exports as jobs on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;

  beforeEach(async () => {
    // Every export past one param row becomes a job here.
    t = await createTestApp(dialect, { QUIRE_EXPORT_INLINE_ROWS: '1' });
    w = await createDocWorld(t);
    for (const name of ['A', 'B'])
      await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name,
        url: `/${name.toLowerCase()}`,
        httpMethod: 'GET',
        requestParams: [
          { name: 'q', type: 'string' },
          { name: 'p', type: 'string' },
        ],
      });
  });
  afterEach(async () => {
    await t.close();
  });

  it('queues a job, renders it in a worker, and lets only its requester download the file', async () => {
    const res = await t.post('/api/doc/export', { format: 'word', moduleId: w.moduleId }, { token: w.token });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json().data as { jobId: string };
    type ExportJob = {
      kind: string;
      status: string;
      file: { fileName: string; size: number; downloadUrl: string; expiresAt: string };
    };
    let job = await expectOk<ExportJob>(t.get(`/api/job/get?id=${jobId}`, { token: w.token }));
    // The runner picks the job up on its next turn; the worker may take a while on a busy machine.
    for (let i = 0; i < 600 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await expectOk<ExportJob>(t.get(`/api/job/get?id=${jobId}`, { token: w.token }));
    }
    expect(job).toMatchObject({ kind: 'export', status: 'done' });
    expect(job.file.fileName).toMatch(/\.docx$/);
    expect(job.file.downloadUrl).toBe(`/api/doc/export/download?id=${jobId}`);
    const download = await t.get(job.file.downloadUrl, { token: w.token });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.byteLength).toBe(job.file.size);
    const docx = unzipSync(new Uint8Array(download.rawPayload));
    expect(strFromU8(docx['word/document.xml'] ?? new Uint8Array())).toContain('/a');
    // A reader of the same project is not its requester.
    const guest = await newProjectGuest(t, w);
    await expectError(t.get(job.file.downloadUrl, { token: guest.token }), 404, 'export.file_not_found');
    // A day later the file is gone.
    await t.db
      .updateTable('exportFiles')
      .set({ expiresAt: new Date(0).toISOString() })
      .execute();
    await expectError(t.get(job.file.downloadUrl, { token: w.token }), 404, 'export.file_not_found');
  });

  it("lists the caller's own recent exports: progress, files and failures, never another user's or an expired one", async () => {
    type Listed = {
      id: string;
      format: string;
      style: string;
      status: string;
      phase: string;
      done: number;
      total: number;
      fileName: string | null;
      size: number | null;
      downloadUrl: string | null;
      expiresAt: string | null;
      createdAt: string;
      error: string | null;
    };
    const list = (token: string, lang = 'en', moduleId = w.moduleId) =>
      expectOk<Listed[]>(t.get(`/api/doc/export/list?moduleId=${moduleId}`, { token, lang }));
    const start = async (body: Record<string, unknown>, token: string) => {
      const res = await t.post('/api/doc/export', { moduleId: w.moduleId, ...body }, { token });
      expect(res.statusCode, res.body).toBe(202);
      return (res.json().data as { jobId: string }).jobId;
    };
    const finished = async (jobId: string, token: string) => {
      for (let i = 0; i < 600; i++) {
        const job = await expectOk<{ status: string }>(t.get(`/api/job/get?id=${jobId}`, { token }));
        if (job.status !== 'queued' && job.status !== 'running') return job.status;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'still running';
    };
    const guest = await newProjectGuest(t, w);
    const mine = await start({ format: 'markdown', style: 'perDoc' }, w.token);
    const theirs = await start({ format: 'openapi' }, guest.token);
    expect(await finished(mine, w.token)).toBe('done');
    expect(await finished(theirs, guest.token)).toBe('done');
    // A running export (held by another instance) and two failed ones, as the runner leaves them.
    const now = new Date();
    const row = (fields: Record<string, unknown>) => ({
      id: newId(),
      kind: 'export',
      moduleId: w.moduleId,
      status: 'failed',
      phase: '',
      progressDone: 0,
      progressTotal: 0,
      result: null,
      error: JSON.stringify({ key: 'export.timeout', args: ['60'] }),
      source: JSON.stringify({ input: { format: 'word', style: 'allInOne' }, lang: 'en' }),
      attempts: 1,
      lockedBy: null,
      lockedUntil: null,
      createdBy: w.userId,
      createdAt: now.toISOString(),
      startedAt: now.toISOString(),
      finishedAt: now.toISOString(),
      ...fields,
    });
    const running = row({
      status: 'running',
      phase: 'render',
      progressDone: 3,
      progressTotal: 10,
      error: null,
      lockedBy: 'another-instance',
      lockedUntil: new Date(now.getTime() + 3_600_000).toISOString(),
      finishedAt: null,
    });
    const failed = row({});
    const dayOld = new Date(now.getTime() - 25 * 3_600_000).toISOString();
    const old = row({ createdAt: dayOld, finishedAt: dayOld });
    await t.db.insertInto('jobs').values([running, failed, old]).execute();

    const listed = await list(w.token);
    expect(listed.map((e) => e.id).sort()).toEqual([mine, running.id, failed.id].sort());
    const done = listed.find((e) => e.id === mine);
    expect(done).toMatchObject({
      format: 'markdown',
      style: 'perDoc',
      status: 'done',
      error: null,
      downloadUrl: `/api/doc/export/download?id=${mine}`,
    });
    expect(done?.fileName).toMatch(/\.zip$/);
    expect(Date.parse(done?.expiresAt ?? '')).toBeGreaterThan(now.getTime());
    const file = await t.get(done?.downloadUrl ?? '', { token: w.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.byteLength).toBe(done?.size);
    expect(listed.find((e) => e.id === running.id)).toMatchObject({
      format: 'word',
      status: 'running',
      phase: 'render',
      done: 3,
      total: 10,
      fileName: null,
      downloadUrl: null,
    });
    expect(listed.find((e) => e.id === failed.id)?.error).toBe(
      'The export took longer than 60 s; choose fewer docs',
    );
    expect((await list(w.token, 'zh-CN')).find((e) => e.id === failed.id)?.error).toBe(
      '导出耗时超过 60 秒，请少选一些文档',
    );
    // Another user of the same project sees their own export only.
    expect((await list(guest.token)).map((e) => e.id)).toEqual([theirs]);
    // Another application of the caller lists nothing of this one; a stranger may not ask.
    const other = await createDocWorld(t);
    expect(await list(other.token, 'en', other.moduleId)).toEqual([]);
    await expectError(
      t.get(`/api/doc/export/list?moduleId=${w.moduleId}`, { token: other.token }),
      403,
      'auth.forbidden',
    );
    // Once the file's day is over, the export leaves the list.
    await t.db
      .updateTable('exportFiles')
      .set({ expiresAt: new Date(0).toISOString() })
      .where('jobId', '=', mine)
      .execute();
    expect((await list(w.token)).map((e) => e.id).sort()).toEqual([running.id, failed.id].sort());
  });

  it('answers the export of a push token at once, whatever its size (quire export)', async () => {
    const pushToken = await refreshPushToken(t, w.token, w.moduleId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/module/export',
      headers: { authorization: `Bearer ${pushToken}`, 'content-type': 'application/json' },
      payload: { format: 'openapi' },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(res.body).paths).sort()).toEqual(['/a', '/b']);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/module/export',
      headers: { authorization: `Bearer ${pushToken}x`, 'content-type': 'application/json' },
      payload: { format: 'openapi' },
    });
    expect(wrong.statusCode).toBe(404);
  });
});
