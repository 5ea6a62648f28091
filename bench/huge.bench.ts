import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { HUGE_DEEP_NAME, HUGE_ROWS, hugeJsonAnswer, saveHugeDoc } from './huge-doc.ts';
import { longestTask, newContext, now, scrollPhase, typePhase, waitGone, waitShown } from './huge-page.ts';
import { buildAll, median, type RunningServer, startServer, tempDir } from './lib.ts';
import { benchApi, fmt } from './viewer-api.ts';

/*
 * Huge docs (issue #29), in Chromium on the production build: a doc of 10,000 param rows nested 6 deep
 * (bench/huge-doc.ts) opened in the light reader (/view/{docId}), in a public share and in the editor, then
 * scrolled and typed in; and a 10 MB JSON answer (10,000 objects) in the debug panel, then searched.
 * Targets: reader < 1 s, editor < 2 s, no long task over 100 ms while scrolling or typing; the debug answer
 * with no long task over 200 ms. Baseline of the same run: the same pages with a 100-row doc and a 100-object
 * answer. With BENCH_HUGE_BEFORE_DIST set to another build of the web app (`vite build --outDir`), that build
 * is measured too, against the same server code, in alternating rounds.
 * `npm run bench -- huge`. Figures and the machine they came from: docs/documents.md "Huge docs".
 */

const PORT = Number(process.env.BENCH_HUGE_PORT ?? 7716);
// The port of the BENCH_HUGE_BEFORE_DIST server (not PORT + 1: other worktrees' servers sit next to it).
const BEFORE_PORT = Number(process.env.BENCH_HUGE_BEFORE_PORT ?? 7736);
const ADMIN_PASSWORD = 'bench-admin-pass';
const RUNS = Number(process.env.BENCH_HUGE_RUNS ?? 3);
const BASELINE_ROWS = 100;
// BENCH_HUGE_ONLY=view,editor measures only those pages.
const only = process.env.BENCH_HUGE_ONLY?.split(',');
const wanted = (phase: string) => !only || only.includes(phase);

const hugeAnswer = hugeJsonAnswer();
const smallAnswer = hugeJsonAnswer(100);
const upstream = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('/huge') ? hugeAnswer : smallAnswer);
  });
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

// A failed setup must not leave a server behind on the port (the next run would talk to it).
const servers: RunningServer[] = [];
process.on('exit', () => {
  for (const server of servers) server.child.kill('SIGTERM');
});

/** A server with the huge doc, the baseline doc, a public share of both and two debug docs. */
async function prepare(port: number, webDist?: string) {
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    {
      QUIRE_DATA_DIR: tempDir('quire-huge-bench-'),
      QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      ...(webDist ? { QUIRE_WEB_DIST: webDist } : {}),
    },
    port,
  );
  servers.push(server);
  const api = benchApi(base);
  const { token } = await api.call<{ token: string }>('', '/api/system/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  const call = <T>(path: string, body?: unknown) => api.call<T>(token, path, body);
  const space = await call<{ id: string }>('/api/space/add', { name: 'Bench' });
  await call('/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await call<{ id: string }>('/api/project/add', { name: 'Bench', spaceId: space.id });
  const module = await call<{ id: string }>('/api/module/add', { name: 'orders', projectId: project.id });
  await call('/api/module/environment/add', { moduleId: module.id, name: 'local', baseUrl: upstreamBase });
  const huge = await saveHugeDoc(call, module.id);
  const small = await saveHugeDoc(call, module.id, BASELINE_ROWS);
  const debugDoc = async (path: string) =>
    (
      await call<{ id: string }>('/api/doc/save', {
        moduleId: module.id,
        name: path,
        url: path,
        httpMethod: 'GET',
      })
    ).id;
  const share = await call<{ id: string }>('/api/doc/share/add', {
    moduleId: module.id,
    type: 1,
    isAll: true,
  });
  return {
    server,
    base,
    token,
    moduleId: module.id,
    shareId: share.id,
    docs: { huge, small },
    debug: { huge: await debugDoc('/huge'), small: await debugDoc('/small') },
  };
}
type Target = Awaited<ReturnType<typeof prepare>>;
type Size = 'huge' | 'small';

const GRID_ROW = '[data-testid="param-grid"] tbody tr';

/** /view/{docId} (signed in) or /share/{shareId}/{docId} (anonymous): shown, scroll, in-table search. */
async function reader(browser: Browser, target: Target, size: Size, shared: boolean) {
  const context = await newContext(browser, shared ? undefined : target.token);
  const page = await context.newPage();
  const docId = target.docs[size];
  const url = shared ? `${target.base}/share/${target.shareId}/${docId}` : `${target.base}/view/${docId}`;
  await page.goto(url); // a returning reader: the page's scripts are in the HTTP cache
  await waitShown(page, GRID_ROW);
  await page.goto(url);
  const open = await waitShown(page, GRID_ROW);
  // The whole app then renders the doc off-document and takes over the page (apps/web/src/reader-main.tsx).
  const ready = await waitGone(page, '.q-shell, .q-visitor');
  const openLong = await longestTask(page, 0, ready);
  const scroll = await scrollPhase(page, '[data-testid="param-grid"]');
  let search = Number.NaN;
  const box = page.getByTestId('param-search').first();
  if (size === 'huge' && (await box.count())) {
    await box.click();
    const typed = await typePhase(page, HUGE_DEEP_NAME);
    await page.keyboard.press('Enter');
    await page.locator('tr.q-rd-active', { hasText: HUGE_DEEP_NAME }).waitFor();
    search = typed.longest;
  }
  await context.close();
  return { open, ready, openLong, scroll, search };
}

/** The editor on the response tab: first cell shown, scroll, typing in a cell. */
async function editor(browser: Browser, target: Target, size: Size) {
  const context = await newContext(browser, target.token);
  const page = await context.newPage();
  // A returning user: the app's shell is in the HTTP cache.
  await page.goto(`${target.base}/dashboard`);
  await page.locator('#root *').first().waitFor();
  await page.goto(`${target.base}/doc/edit/${target.moduleId}/${target.docs[size]}?tab=response`);
  const open = await waitShown(page, '[data-cell="0:name"]');
  const openLong = await longestTask(page, 0, open);
  const scroll = await scrollPhase(page, '[data-cell="0:name"]');
  await page.locator('[data-cell]').filter({ visible: true }).nth(4).click();
  const typed = await typePhase(page, 'typing in a big table');
  await context.close();
  return { open, openLong, scroll, type: typed.longest, keyMs: median(typed.keys) };
}

/** The debug panel of a GET doc whose answer is 10 MB (or 100 objects): send to shown, then a search. */
async function debug(browser: Browser, target: Target, size: Size) {
  const context = await newContext(browser, target.token);
  const page = await context.newPage();
  await page.goto(`${target.base}/view/${target.debug[size]}`);
  await page.getByTestId('debug-open').click();
  await page.getByTestId('debug-send').waitFor();
  const from = await now(page);
  await page.getByTestId('debug-send').click();
  const shown =
    (await waitShown(page, '[data-testid="debug-body-lines"]').catch(async (error) => {
      await page.screenshot({ path: '/tmp/huge-debug-failed.png' });
      throw error;
    })) - from;
  const showLong = await longestTask(page, from, from + shown);
  let search = Number.NaN;
  const box = page.getByTestId('json-search');
  if (await box.count()) {
    await box.click();
    const typed = await typePhase(page, size === 'huge' ? 'customer9876@' : 'customer98@');
    await page.keyboard.press('Enter');
    await page.locator('[data-match="current"]').waitFor();
    search = typed.longest;
  }
  await context.close();
  return { shown, showLong, search };
}

type Figures = Record<string, number[]>;
const add = (figures: Figures, values: Record<string, number>, prefix: string) => {
  for (const [key, value] of Object.entries(values)) {
    const list = figures[`${prefix}.${key}`] ?? [];
    list.push(value);
    figures[`${prefix}.${key}`] = list;
  }
};

buildAll();
const beforeDist = process.env.BENCH_HUGE_BEFORE_DIST;
const targets = [await prepare(PORT)];
if (beforeDist) targets.push(await prepare(BEFORE_PORT, beforeDist));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const results: Figures[] = targets.map(() => ({}));
try {
  // Alternating rounds: a busy moment on the shared machine hits both builds and both sizes alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [i, target] of targets.entries()) {
      const figures = results[i] as Figures;
      for (const size of ['huge', 'small'] as const) {
        const phases: Record<string, Record<string, number>> = {};
        if (wanted('view')) phases.view = await reader(browser, target, size, false);
        if (wanted('share')) phases.share = await reader(browser, target, size, true);
        if (wanted('editor')) phases.editor = await editor(browser, target, size);
        if (wanted('debug')) phases.debug = await debug(browser, target, size);
        for (const [name, values] of Object.entries(phases)) add(figures, values, `${size}.${name}`);
        console.log(
          `  run ${run + 1}, ${i ? 'before' : 'this build'}, ${size}: ${JSON.stringify(phases, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const target of targets) await target.server.stop();
  upstream.close();
}

const ROWS: Array<[string, string, string]> = [
  ['view.open', '/view/{doc}: params shown (ms)', '< 1000'],
  ['view.ready', '/view: the app has taken over (ms)', '-'],
  ['view.openLong', '/view: longest task, open to app', '-'],
  ['view.scroll', '/view: longest task while scrolling', '< 100'],
  ['view.search', '/view: longest task, in-table search', '< 100'],
  ['share.open', '/share/{share}/{doc}: params shown', '< 1000'],
  ['share.scroll', '/share: longest task while scrolling', '< 100'],
  ['editor.open', 'editor: first cell shown (ms)', '< 2000'],
  ['editor.openLong', 'editor: longest task while opening', '-'],
  ['editor.scroll', 'editor: longest task while scrolling', '< 100'],
  ['editor.type', 'editor: longest task while typing', '< 100'],
  ['editor.keyMs', 'editor: keystroke latency (median)', '-'],
  ['debug.shown', 'debug: send until answer shown (ms)', '-'],
  ['debug.showLong', 'debug: longest task, send to shown', '< 200'],
  ['debug.search', 'debug: longest task, search typed', '< 200'],
];
const cell = (values: number[] | undefined) =>
  values?.length && !values.some(Number.isNaN) ? fmt(median(values)).padStart(8) : '     n/a';
const mb = (hugeAnswer.length / 1e6).toFixed(1);
console.log(
  `\nHuge docs: ${HUGE_ROWS} param rows 6 deep vs ${BASELINE_ROWS} rows; debug answer ${mb} MB vs 100 objects. Median of ${RUNS} runs, ms.`,
);
const header = `  ${'figure'.padEnd(40)} ${'huge'.padStart(8)} ${'target'.padEnd(8)} ${'baseline'.padStart(8)}`;
console.log(beforeDist ? `${header} ${'before:huge'.padStart(12)} ${'before:base'.padStart(12)}` : header);
for (const [key, label, target] of ROWS) {
  const [now, before] = results;
  let line = `  ${label.padEnd(40)} ${cell(now?.[`huge.${key}`])} ${target.padEnd(8)} ${cell(now?.[`small.${key}`])}`;
  if (before) line += `     ${cell(before[`huge.${key}`])}     ${cell(before[`small.${key}`])}`;
  console.log(line);
}
