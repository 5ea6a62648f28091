import { type Browser, chromium } from 'playwright-core';
import { buildAll, median, startServer, tempDir } from './lib.ts';

/*
 * The doc editor with 1,000 param rows in Chromium (production build): time to interactive (navigation until
 * the response table's first cell is on screen and the main thread is free) and per-keystroke latency in a cell
 * (keydown until the frame after React's update). Targets: under 1 s and under 50 ms.
 * With BENCH_EDITOR_BASELINE_DIST set to another build of the web app, both are measured in alternating
 * rounds against the same server code and printed side by side.
 */

// Overridable so two worktrees on one machine can measure at once.
const PORT = Number(process.env.BENCH_EDITOR_PORT ?? 7794);
const ADMIN_PASSWORD = 'bench-admin-pass';
const ROWS = 1000;

type Envelope<T> = { code: string; msg: string; data: T };

async function call<T>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Envelope<T>;
  if (json.code !== '0') throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** 100 objects of 9 children each: 1,000 rows. */
function responseRows() {
  return Array.from({ length: ROWS / 10 }, (_, i) => ({
    name: `group${i}`,
    type: 'object',
    children: Array.from({ length: 9 }, (_, j) => ({
      name: `field${i}_${j}`,
      type: j % 2 ? 'number' : 'string',
      example: String(j),
      description: `Field ${j} of group ${i}`,
    })),
  }));
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
const fmt = (n: number) => n.toFixed(1);

/**
 * One server with the doc to edit. `webDist` serves another build of the web app (the baseline: set
 * BENCH_EDITOR_BASELINE_DIST to a `vite build --outDir` of an older commit) against the same server code.
 */
async function prepare(port: number, webDist?: string) {
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    {
      QUIRE_DATA_DIR: tempDir('quire-editor-bench-'),
      QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...(webDist ? { QUIRE_WEB_DIST: webDist } : {}),
    },
    port,
  );
  const token = (
    await call<{ token: string }>(base, '', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const space = await call<{ id: string }>(base, token, '/api/space/add', { name: 'Bench' });
  const project = await call<{ id: string }>(base, token, '/api/project/add', {
    name: 'Bench',
    spaceId: space.id,
  });
  const module = await call<{ id: string }>(base, token, '/api/module/add', {
    name: 'bench',
    projectId: project.id,
  });
  const doc = await call<{ id: string }>(base, token, '/api/doc/save', {
    moduleId: module.id,
    name: 'Big response',
    url: '/big',
    httpMethod: 'GET',
    responseParams: responseRows(),
  });
  return { server, base, token, url: `${base}/doc/edit/${module.id}/${doc.id}?tab=response` };
}

type Target = Awaited<ReturnType<typeof prepare>>;

/** One cold load of the editor (app shell cached) and a typed sentence in a cell. */
async function measure(browser: Browser, target: Target, logRows: boolean) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), target.token);
  const page = await context.newPage();
  // A returning user: the app's shell is in the HTTP cache (each run is a new browser context).
  await page.goto(`${target.base}/dashboard`, { waitUntil: 'networkidle' });
  await page.goto(target.url);
  // Interactive: the first cell is on screen and a task queued behind the render runs at once.
  // (Strings, not functions: tsx's helpers do not exist inside the page.)
  const tti = await page.evaluate<number>(`new Promise((resolve) => {
    const check = () => {
      if (document.querySelector('[data-cell="0:name"]')) setTimeout(() => resolve(performance.now()), 0);
      else requestAnimationFrame(check);
    };
    check();
  })`);
  const cell = page.locator('[data-cell="5:description"]');
  await cell.click();
  await page.evaluate(`(() => {
    window.__lat = [];
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - start), 0));
    }, true);
  })()`);
  await page.keyboard.type('typing in a big table', { delay: 60 });
  await page.waitForTimeout(200);
  const keys = await page.evaluate<number[]>('window.__lat');
  if (logRows) {
    const rows = await page.locator('[data-cell$=":name"]').count();
    console.log(`  rendered rows in the DOM (virtualized): ${rows} of ${ROWS}`);
  }
  await context.close();
  return { tti, keys };
}

function report(label: string, ttis: number[], keystrokes: number[]) {
  console.log(`  ${label}`);
  console.log(
    `    time to interactive (median):     ${fmt(median(ttis))} ms, best ${fmt(Math.min(...ttis))} ms   target < 1000 ms   [${ttis.map(fmt).join(', ')}]`,
  );
  console.log(
    `    keystroke latency in a cell:      median ${fmt(median(keystrokes))} ms, p95 ${fmt(p95(keystrokes))} ms   target < 50 ms   (${keystrokes.length} keys)`,
  );
}

buildAll();
const baselineDist = process.env.BENCH_EDITOR_BASELINE_DIST;
const targets = [await prepare(PORT)];
if (baselineDist) targets.push(await prepare(PORT + 1, baselineDist));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const results = targets.map(() => ({ ttis: [] as number[], keys: [] as number[] }));
  // Alternating rounds: a busy moment on the shared machine hits both builds alike.
  for (let run = 0; run < 5; run++) {
    for (const [i, target] of targets.entries()) {
      const { tti, keys } = await measure(browser, target, run === 0 && i === 0);
      results[i]?.ttis.push(tti);
      results[i]?.keys.push(...keys);
    }
  }
  console.log(`\nDoc editor with ${ROWS} param rows (Chromium, production build, 5 loads, app shell cached)`);
  report('this build', results[0]?.ttis ?? [], results[0]?.keys ?? []);
  if (baselineDist) report(`baseline (${baselineDist})`, results[1]?.ttis ?? [], results[1]?.keys ?? []);
} finally {
  await browser.close();
  for (const target of targets) await target.server.stop();
}
