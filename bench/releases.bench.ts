// Releases and the semantic diff on GitHub's REST description, two pairs: api.github.com as
// @octokit/openapi 22.0.0 (the `octokit-openapi-22` alias devDependency) against 23.0.2 (1,100+ operations
// each), then two versions of GitHub Enterprise Server's description (ghes-3.18 and ghes-3.19, 1,000+
// operations each, both in 23.0.2); nothing is downloaded. `BENCH_RELEASE_PAIR=github|ghes` runs one pair.
// Figures per pair: the pure diff of the two converted descriptions in-process (the baseline of this run),
// then through the production server on SQLite: the application pushed at the old version and released,
// pushed at the new one and released, then `release/compare` between the two releases (target < 2 s), from
// the first release to the docs now, and the changelog call behind the changelog page (target < 1 s).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareOperations, operationsOfTree } from '@quire/api-model';
import { openApiToModel, parseApiText } from '@quire/api-model/converters';
import { apiClient, buildServer, median, PIN, ROOT, startServer, tempDir } from './lib.ts';

const PORT = 7821;
const ADMIN_PASSWORD = 'bench-admin-pass';
const base = `http://127.0.0.1:${PORT}`;
const generated = (pkg: string) => path.join(ROOT, 'node_modules', pkg, 'generated');

/** A pair of descriptions compared through releases: names of the two releases and the files read. */
interface Pair {
  key: string;
  title: string;
  oldNo: string;
  newNo: string;
  oldFile: string;
  newFile: string;
}
const PAIRS: Pair[] = [
  {
    key: 'github',
    title: 'api.github.com REST, @octokit/openapi 22.0.0 -> 23.0.2',
    oldNo: 'octokit-22.0.0',
    newNo: 'octokit-23.0.2',
    oldFile: path.join(generated('octokit-openapi-22'), 'api.github.com.json'),
    newFile: path.join(generated('@octokit/openapi'), 'api.github.com.json'),
  },
  {
    key: 'ghes',
    title: 'GitHub Enterprise Server REST 3.18 -> 3.19',
    oldNo: 'ghes-3.18',
    newNo: 'ghes-3.19',
    oldFile: path.join(generated('@octokit/openapi'), 'ghes-3.18.json'),
    newFile: path.join(generated('@octokit/openapi'), 'ghes-3.19.json'),
  },
];
const only = process.env.BENCH_RELEASE_PAIR;

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

async function runPair(pair: Pair): Promise<void> {
  const OLD = readFileSync(pair.oldFile, 'utf8');
  const NEW = readFileSync(pair.newFile, 'utf8');
  // In-process: conversion, then the diff alone.
  const convert = await timed(() => [
    operationsOfTree(openApiToModel(parseApiText(OLD))),
    operationsOfTree(openApiToModel(parseApiText(NEW))),
  ]);
  const [before = [], after = []] = convert.value;
  const pure = compareOperations(before, after);
  const pureMs = await medianOf(3, () => compareOperations(before, after));

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
    const space = await api.call<{ id: string }>('POST', '/api/space/add', {
      name: `bench releases ${pair.key}`,
    });
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
      releaseNo: pair.oldNo,
    });
    const secondPush = await timed(() => push(NEW));
    const r2 = await api.call<{ id: string }>('POST', '/api/project/release/add', {
      projectId: project.id,
      releaseNo: pair.newNo,
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
    console.log(`\nQuire releases and semantic diff (${pair.title}, production build, SQLite)`);
    console.log(`  server ${PIN ? 'pinned to its own CPU (taskset)' : 'not pinned'}`);
    console.log(
      `  operations: ${before.length} -> ${after.length}; release ${pair.oldNo} froze ${r1.docCount} docs`,
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
      `  release/compare old -> new release:   ${betweenMs.toFixed(0)} ms  target < 2,000 ms  (${(betweenMs / pureMs).toFixed(1)}x the pure diff)`,
    );
    console.log(`  release/compare old -> docs now:      ${nowMs.toFixed(0)} ms`);
    console.log(`  changelog call (the page's data):     ${changelogMs.toFixed(0)} ms  target < 1,000 ms`);
    console.log(
      `  pushes: old ${(firstPush.ms / 1000).toFixed(1)} s (${firstPush.value.added} added), new ${(secondPush.ms / 1000).toFixed(1)} s, ` +
        `its change report: ${secondPush.value.changes.levels.breaking} breaking, ${secondPush.value.changes.breakingOperations} breaking operations`,
    );
  } finally {
    await server.stop();
  }
}

buildServer();
for (const pair of PAIRS) if (!only || only === pair.key) await runPair(pair);
