import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Job } from '@quire/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expectOk } from './org-fixture.ts';
import type { TestApp } from './test-app.ts';

const require = createRequire(import.meta.url);

/** A description from @readme/oas-examples (`3.0/yaml/petstore.yaml`). */
export function example(file: string): string {
  return readFileSync(require.resolve(`@readme/oas-examples/${file}`), 'utf8');
}

/** Waits until a job is done or failed (the runner picks it up at once; the loop only waits for it). */
export async function waitForJob(t: TestApp, token: string, jobId: string): Promise<Job> {
  for (let i = 0; i < 2000; i++) {
    const job = await expectOk<Job>(t.get(`/api/job/get?id=${jobId}`, { token }));
    if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') return job;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** A multipart body with the given files and fields. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; fileName: string; content: string | Buffer }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----quire${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a multipart upload as the given user. */
export function upload(
  t: TestApp,
  url: string,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
}

/** Live docs (not folders) of an application, straight from the database. */
export async function liveDocCount(t: TestApp, moduleId: string): Promise<number> {
  const row = await t.db
    .selectFrom('docs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('moduleId', '=', moduleId)
    .where('isFolder', '=', 0)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Revisions recorded for the docs of an application. */
export async function revisionCount(t: TestApp, moduleId: string): Promise<number> {
  const row = await t.db
    .selectFrom('docRevisions')
    .innerJoin('docs', 'docs.id', 'docRevisions.docId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('docs.moduleId', '=', moduleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
