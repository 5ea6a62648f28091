// Releases and the semantic diff on GitHub's REST description, two pairs: api.github.com as
// @octokit/openapi 22.0.0 (the `octokit-openapi-22` alias devDependency) against 23.0.2 (1,100+ operations
// each), then two versions of GitHub Enterprise Server's description (ghes-3.18 and ghes-3.19, 1,000+
// operations each, both in 23.0.2); nothing is downloaded. `BENCH_RELEASE_PAIR=github|ghes` runs one pair.
// Figures per pair: the pure diff of the two converted descriptions in-process (the baseline of this run),
// then through the production server on SQLite: the application pushed at the old version and released,
// pushed at the new one and released, then `release/compare` between the two releases (target < 2 s), from
// the first release to the docs now, and the changelog call behind the changelog page, every operation
// (target < 1 s; the new release set invalid, so it counts every change of the pair from the old one), both
// the first read after a change (the server keeps computed changes per release and version of the docs:
// each cold call follows an update of the release that drops them) and a repeated read. Then the changelog
// page itself in Chromium (/usr/bin/chromium or CHROMIUM_PATH; app shell cached, as a returning user; it asks
// for its first 50 operations), from navigation until the first operation of its list is on screen (target
// < 1 s; the light changelog page's list, changelog.html, when it drew it: each load says which), then until
// the app has taken over (its rail beside its list), cold and warm like the call, beside the project's
// releases page (its table rendered) as the run's baseline page, in alternating rounds. BENCH_RELEASES_NODE_ARGS passes node options to the server (a CPU
// profile: "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_RELEASES_NO_PAGE=1 leaves the page out (no web
// build); QUIRE_BENCH_NO_BUILD=1 measures the build already there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareOperations, operationsOfTree } from '@quire/api-model';
import { openApiToModel, parseApiText } from '@quire/api-model/converters';
import { type Browser, chromium } from 'playwright-core';
import { apiClient, buildAll, buildServer, median, PIN, ROOT, startServer, tempDir } from './lib.ts';

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
const withPage = !process.env.BENCH_RELEASES_NO_PAGE;
const PAGE_RUNS = 5;

/** One load of a page: when its list showed, whether the light page showed it, when the app was there. */
interface Shown {
  /** Milliseconds from navigation start until `selector` was in the page and a task queued behind it ran. */
  ms: number;
  /** The list was the light changelog page's (changelog.html), not the app's. */
  light: boolean;
  /** Milliseconds until the app itself showed the list (its rail beside it, the light page gone). */
  appMs: number;
}

/**
 * Times one load (a string, not a function: tsx's helpers do not exist inside the page): until `selector` is
 * in the page and a task queued behind the render runs, then until the app has taken over (the light
 * changelog page swaps the app in once it shows the list; on the app's own pages both times are the same).
 */
async function pageShown(
  browser: Browser,
  token: string,
  warmUrl: string,
  url: string,
  selector: string,
): Promise<Shown> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), token);
  const page = await context.newPage();
  // A returning user: the app's shell is in the HTTP cache (each load is a new browser context).
  await page.goto(warmUrl, { waitUntil: 'load', timeout: 60_000 });
  await page.goto(url, { waitUntil: 'commit' });
  const shown = await page
    .evaluate<Shown>(`new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('not shown in 60 s: ' + ${JSON.stringify(selector)})), 60000);
    let first = null;
    const check = () => {
      const list = document.querySelector(${JSON.stringify(selector)});
      const light = Boolean(document.querySelector('[data-changelog-light]'));
      if (list && first === null) {
        first = { ms: 0, light };
        setTimeout(() => { first.ms = performance.now(); }, 0);
      }
      if (list && !light && document.querySelector('aside nav')) {
        clearTimeout(give);
        setTimeout(() => {
          const appMs = performance.now();
          resolve({ ms: first.ms || appMs, light: first.light, appMs });
        }, 0);
      } else requestAnimationFrame(check);
    };
    check();
  })`)
    .catch(async (error: Error) => {
      const text = (await page.locator('body').innerText()).slice(0, 400);
      throw new Error(`${error.message} at ${page.url()}: ${text}`);
    });
  await context.close();
  return shown;
}

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
    { nodeArgs: (process.env.BENCH_RELEASES_NODE_ARGS ?? '').split(' ').filter(Boolean) },
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
    const changelogUrl = `/api/project/changelog?projectId=${project.id}`;
    // The changelog counts from the newest valid release: with the new one invalid, it tells every change of
    // the pair (the page's list at its longest) rather than nothing since the new release.
    await api.call('POST', '/api/project/release/status', { id: r2.id, status: 0 });
    // An update of the release drops what the server kept of its changes: the next read computes them.
    const dropKept = () =>
      api.call('POST', '/api/project/release/update', { id: r1.id, releaseDesc: `bench ${Date.now()}` });
    const coldCalls: number[] = [];
    for (let i = 0; i < 3; i++) {
      await dropKept();
      coldCalls.push((await timed(() => api.call('GET', changelogUrl))).ms);
    }
    const changelogColdMs = median(coldCalls);
    const listed = await api.call<{ changes: { operations: unknown[] } | null }>('GET', changelogUrl);
    const changelogMs = await medianOf(3, () => api.call('GET', changelogUrl));

    const page = { cold: [] as Shown[], warm: [] as Shown[], baseline: [] as Shown[] };
    if (withPage) {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
      });
      try {
        const warmUrl = `${base}/dashboard`;
        const changelogPage = `${base}/project/changelog/${project.id}`;
        const releasesPage = `${base}/project/release/${project.id}`;
        // The page's list: an operation of the change list (it renders with its list, not before).
        const shown = 'li[data-level]';
        const rows = '.ant-table-row';
        await pageShown(browser, api.token, warmUrl, changelogPage, shown);
        // Alternating rounds: a busy moment on the shared machine hits all three alike.
        for (let run = 0; run < PAGE_RUNS; run++) {
          page.baseline.push(await pageShown(browser, api.token, warmUrl, releasesPage, rows));
          page.warm.push(await pageShown(browser, api.token, warmUrl, changelogPage, shown));
          await dropKept();
          page.cold.push(await pageShown(browser, api.token, warmUrl, changelogPage, shown));
        }
      } finally {
        await browser.close();
      }
    }

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
    console.log(
      `  changelog call (the page's data, ${listed.changes?.operations.length ?? 0} operations): first read after a change ${changelogColdMs.toFixed(0)} ms, repeated ${changelogMs.toFixed(0)} ms  target < 1,000 ms`,
    );
    if (withPage) {
      const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
      const shownMs = (loads: Shown[]) => loads.map((load) => load.ms);
      const appMs = (loads: Shown[]) => loads.map((load) => load.appMs);
      const base = median(shownMs(page.baseline));
      const ratio = (loads: Shown[]) => `${(median(shownMs(loads)) / base).toFixed(2)}x the baseline page`;
      const lightCount = (loads: Shown[]) =>
        `${loads.filter((load) => load.light).length} of ${loads.length} drawn by the light page`;
      console.log(
        `  changelog page until its list shows:  first read after a change ${median(shownMs(page.cold)).toFixed(0)} ms [${list(shownMs(page.cold))}] (${ratio(page.cold)}), ` +
          `repeated ${median(shownMs(page.warm)).toFixed(0)} ms [${list(shownMs(page.warm))}] (${ratio(page.warm)})  target < 1,000 ms; ` +
          `${lightCount([...page.cold, ...page.warm])}`,
      );
      console.log(
        `  changelog page until the app has taken over (rail and list): first read after a change ${median(appMs(page.cold)).toFixed(0)} ms [${list(appMs(page.cold))}], ` +
          `repeated ${median(appMs(page.warm)).toFixed(0)} ms [${list(appMs(page.warm))}]`,
      );
      console.log(
        `  releases page until its table shows (baseline page): ${base.toFixed(0)} ms [${list(shownMs(page.baseline))}]`,
      );
    }
    console.log(
      `  pushes: old ${(firstPush.ms / 1000).toFixed(1)} s (${firstPush.value.added} added), new ${(secondPush.ms / 1000).toFixed(1)} s, ` +
        `its change report: ${secondPush.value.changes.levels.breaking} breaking, ${secondPush.value.changes.breakingOperations} breaking operations`,
    );
  } finally {
    await server.stop();
  }
}

// QUIRE_BENCH_NO_BUILD: measure the build already there (as bench/viewer.bench.ts).
if (!process.env.QUIRE_BENCH_NO_BUILD) {
  if (withPage) buildAll();
  else buildServer();
}
for (const pair of PAIRS) if (!only || only === pair.key) await runPair(pair);
