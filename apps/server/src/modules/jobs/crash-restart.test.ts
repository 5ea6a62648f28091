// A server killed with SIGKILL in the middle of an import, then started again on the same data: the database
// holds exactly what it held before the import, and the new process runs the job again from the start.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Job } from '@quire/shared';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const PORT = 7851;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'crash-admin-pass';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-crash-'));
let child: ChildProcess | null = null;
let token = '';

function startServer(): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      QUIRE_DATA_DIR: dataDir,
      QUIRE_ADMIN_PASSWORD: PASSWORD,
      QUIRE_WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = server;
  return server;
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== '0') throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function waitUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, tries = 3000): Promise<T> {
  for (let i = 0; i < tries; i++) {
    try {
      const value = await read();
      if (ok(value)) return value;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

/** Every row an import may touch, read straight from the database file. */
function state(): string {
  const db = new Database(path.join(dataDir, 'quire.db'), { readonly: true });
  try {
    const rows = (table: string, order: string) =>
      db.prepare(`select * from ${table} order by ${order}`).all();
    return JSON.stringify({
      modules: rows('modules', 'id'),
      docs: rows('docs', 'id'),
      revisions: rows('doc_revisions', 'doc_id, revision'),
      sources: rows('module_sources', 'module_id'),
      enums: rows('enums', 'id'),
    });
  } finally {
    db.close();
  }
}

/** A description of `count` operations with 30 fields each: seconds of writing, so the kill lands in it. */
function wide(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const properties: Record<string, unknown> = {};
    for (let f = 0; f < 30; f++)
      properties[`field_${f}`] = { type: 'string', description: `field ${f} of ${i}` };
    paths[`/items/${i}`] = {
      post: {
        summary: `Item ${i}`,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
        responses: { 200: { description: 'ok' } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.0', info: { title: 'Wide', version: '1' }, paths });
}

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of an import', { timeout: 240_000 }, () => {
  it('keeps what the application held before, then runs the job again on the next start', async () => {
    startServer();
    token = (
      await waitUntil(
        () => call<{ token: string }>('POST', '/api/system/login', { username: 'admin', password: PASSWORD }),
        () => true,
      )
    ).token;
    const space = await call<{ id: string }>('POST', '/api/space/add', { name: 'crash' });
    const project = await call<{ id: string }>('POST', '/api/project/add', {
      name: 'crash',
      spaceId: space.id,
    });
    const first = await call<{ moduleId: string; jobId: string }>('POST', '/api/module/import/swagger', {
      projectId: project.id,
      content: wide(20),
    });
    await waitUntil(
      () => call<Job>('GET', `/api/job/get?id=${first.jobId}`),
      (job) => job.status === 'done',
    );
    const before = state();

    // Re-import into the same application: 2,500 operations, killed while their docs are being written.
    const again = await call<{ jobId: string }>('POST', '/api/module/import/swagger', {
      projectId: project.id,
      moduleId: first.moduleId,
      content: wide(2500),
    });
    await waitUntil(
      () => call<Job>('GET', `/api/job/get?id=${again.jobId}`),
      (job) => job.phase === 'write',
    );
    // Into the write itself (on SQLite its progress is not visible until it commits: one transaction).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killed = child;
    killed?.kill('SIGKILL');
    await new Promise((resolve) => killed?.once('exit', resolve));
    expect(state()).toBe(before);

    startServer();
    const job = await waitUntil(
      () => call<Job>('GET', `/api/job/get?id=${again.jobId}`),
      (answer) => answer.status === 'done' || answer.status === 'failed',
      10_000,
    );
    expect(job.status).toBe('done');
    expect(job.result?.added).toBe(2500 - 20);
    expect(job.result?.updated).toBe(0);
  });
});
