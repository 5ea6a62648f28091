// Releases and the semantic diff on GitHub's REST description: two versions of GitHub Enterprise Server's
// description (ghes-3.18 and ghes-3.19, 1,000+ operations each, both in the @octokit/openapi devDependency,
// so nothing is downloaded). Figures: the pure diff of the two converted descriptions in-process (the
// baseline of this run), then through the production server on SQLite: the application pushed at 3.18 and
// released, pushed at 3.19 and released, then `release/compare` between the two releases (target < 2 s),
// from the first release to the docs now, and the changelog call behind the changelog page (target < 1 s).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareOperations, operationsOfTree } from '@quire/api-model';
import { openApiToModel, parseApiText } from '@quire/api-model/converters';
import { apiClient, buildServer, median, PIN, ROOT, startServer, tempDir } from './lib.ts';

const PORT = 7821;
const ADMIN_PASSWORD = 'bench-admin-pass';
const base = `http://127.0.0.1:${PORT}`;
const generated = path.join(ROOT, 'node_modules/@octokit/openapi/generated');
const OLD = readFileSync(path.join(generated, 'ghes-3.18.json'), 'utf8');
const NEW = readFileSync(path.join(generated, 'ghes-3.19.json'), 'utf8');

async function timed<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function medianOf(times: number, run: () => Promise<unknown> | unknown): Promise<number> {
  const all: number[] = [];
  for (let i = 0; i < times; i++) all.push((await timed(run)).ms);
  return median(all);
}

// In-process: conversion, then the diff alone.
const convert = await timed(() => [
  operationsOfTree(openApiToModel(parseApiText(OLD))),
  operationsOfTree(openApiToModel(parseApiText(NEW))),
]);
const [before = [], after = []] = convert.value;
const pure = compareOperations(before, after);
const pureMs = await medianOf(3, () => compareOperations(before, after));

buildServer();
const server = await startServer(
  { QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD, QUIRE_DATA_DIR: tempDir('quire-bench-releases-') },
  PORT,
);
try {
  const api = apiClient(base);
  api.token = (
    await api.call<{ token: string }>('POST', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const space = await api.call<{ id: string }>('POST', '/api/space/add', { name: 'bench releases' });
  const project = await api.call<{ id: string }>('POST', '/api/project/add', {
    name: 'GitHub',
    spaceId: space.id,
  });
  const module = await api.call<{ id: string }>('POST', '/api/module/add', {
    name: 'REST',
    projectId: project.id,
  });
  const pushToken = await api.call<string>('GET', `/api/module/token/refresh?moduleId=${module.id}`);
  const push = async (json: string) => {
    const response = await fetch(`${base}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'swagger-json.push',
        version: '1.0',
        data: { author: 'bench', json },
        access_token: pushToken,
      }),
    });
    const answer = (await response.json()) as {
      code: string;
      msg: string;
      data: { added: number; changes: { levels: Record<string, number>; breakingOperations: number } };
    };
    if (answer.code !== '0') throw new Error(`push: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const firstPush = await timed(() => push(OLD));
  const r1 = await api.call<{ id: string; docCount: number }>('POST', '/api/project/release/add', {
    projectId: project.id,
    releaseNo: 'ghes-3.18',
  });
  const secondPush = await timed(() => push(NEW));
  const r2 = await api.call<{ id: string }>('POST', '/api/project/release/add', {
    projectId: project.id,
    releaseNo: 'ghes-3.19',
  });
  const compareUrl = `/api/project/release/compare?projectId=${project.id}&fromId=${r1.id}&toId=${r2.id}`;
  const served = await api.call<{
    summary: {
      levels: Record<string, number>;
      breakingOperations: number;
      operations: Record<string, number>;
    };
  }>('GET', compareUrl);
  const betweenMs = await medianOf(3, () => api.call('GET', compareUrl));
  const nowMs = await medianOf(3, () =>
    api.call('GET', `/api/project/release/compare?projectId=${project.id}&fromId=${r1.id}`),
  );
  const changelogMs = await medianOf(3, () =>
    api.call('GET', `/api/project/changelog?projectId=${project.id}`),
  );

  const s = pure.summary;
  console.log(
    '\nQuire releases and semantic diff (GitHub Enterprise Server REST 3.18 -> 3.19, production build, SQLite)',
  );
  console.log(`  server ${PIN ? 'pinned to its own CPU (taskset)' : 'not pinned'}`);
  console.log(
    `  operations: ${before.length} -> ${after.length}; release ghes-3.18 froze ${r1.docCount} docs`,
  );
  console.log(
    `  diff: ${s.operations.added} added, ${s.operations.removed} removed, ${s.operations.changed} changed; ` +
      `${s.levels.breaking} breaking, ${s.levels['non-breaking']} non-breaking, ${s.levels.docs} docs changes ` +
      `(${s.breakingOperations} breaking operations); server agrees: ${
        JSON.stringify(served.summary.levels) === JSON.stringify(s.levels)
          ? 'yes'
          : `NO ${JSON.stringify(served.summary.levels)}`
      }`,
  );
  console.log(`  convert both descriptions in-process: ${(convert.ms / 1000).toFixed(2)} s`);
  console.log(`  pure diff in-process (baseline):      ${pureMs.toFixed(0)} ms`);
  console.log(
    `  release/compare 3.18 -> 3.19:         ${betweenMs.toFixed(0)} ms  target < 2,000 ms  (${(betweenMs / pureMs).toFixed(1)}x the pure diff)`,
  );
  console.log(`  release/compare 3.18 -> docs now:     ${nowMs.toFixed(0)} ms`);
  console.log(`  changelog call (the page's data):     ${changelogMs.toFixed(0)} ms  target < 1,000 ms`);
  console.log(
    `  pushes: 3.18 ${(firstPush.ms / 1000).toFixed(1)} s (${firstPush.value.added} added), 3.19 ${(secondPush.ms / 1000).toFixed(1)} s, ` +
      `its change report: ${secondPush.value.changes.levels.breaking} breaking, ${secondPush.value.changes.breakingOperations} breaking operations`,
  );
} finally {
  await server.stop();
}
