import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { median, ROOT } from './lib.ts';

/*
 * One doc opened cold: a fresh browser context (empty cache, no service worker, new profile) per load, the
 * clock from navigation start. The ways to the same operation of GitHub's REST description:
 *  - Quire's /view/{docId} as served (the light reader page);
 *  - the same doc as an anonymous visitor of a public share (/share/{shareId}/{docId}) and of a public
 *    composed project (/show/{showId}/{docId}), both light reader pages too;
 *  - the whole app at the same URL, the way /view/{docId} loaded before the light page (the server's answer
 *    replaced by the app's index.html): the "before" figure, from the same build and the same run;
 *  - Redoc 2.5.4 (the npm package's standalone bundle) on the same description, served from loopback, opened
 *    at the operation's deep link.
 * For each: when the doc shows (a selector present and a task run after it), first contentful paint, and
 * the JavaScript requested before the doc showed (bytes on the wire and gzip -9 of the same files; the light
 * page starts loading the app only after the doc is on screen, which this leaves out).
 */

export interface ColdOpen {
  shownMs: number[];
  fcpMs: number[];
  jsBytes: number;
  jsGzipBytes: number;
  jsFiles: number;
}

/**
 * Milliseconds from navigation start until `selector` is in the page and a task queued behind it runs; the
 * moment it was found is kept in `window.__present`, for counting the scripts requested before it.
 */
function shownAt(page: Page, selector: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('not shown in 60 s: ' + ${JSON.stringify(selector)})), 60000);
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)})) {
        window.__present = performance.now();
        clearTimeout(give);
        setTimeout(() => resolve(performance.now()), 0);
      } else requestAnimationFrame(check);
    };
    check();
  })`);
}

interface Load {
  url: string;
  selector: string;
  token?: string;
  /** Answer the navigation with this URL's response instead (the app's index.html for the "before" path). */
  documentFrom?: string;
  /** Where the page's scripts live on disk, for their gzip size. */
  fileOf(url: URL): string | null;
  /**
   * A peer whose page may keep its main thread busy for long: polled from outside (Playwright's wait), which
   * adds up to a polling interval, and given up after PEER_LIMIT_MS (then counted as that limit).
   */
  peer?: boolean;
}

export const PEER_LIMIT_MS = 45_000;

/** The answer of a page call, or `fallback` when a busy page has not answered in ten seconds. */
function within<T>(call: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([call, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), 10_000))]);
}

async function openOnce(browser: Browser, load: Load) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (load.token) {
    await context.addInitScript(
      (token) => window.localStorage.setItem('torna.token', token as string),
      load.token,
    );
  }
  if (load.documentFrom) {
    const from = load.documentFrom;
    await context.route(load.url, async (route) =>
      route.fulfill({ response: await route.fetch({ url: from }) }),
    );
  }
  const page = await context.newPage();
  await page.goto(load.url, { waitUntil: 'commit' });
  let shown: number;
  if (load.peer) {
    const seen = await page
      .waitForSelector(load.selector, { state: 'attached', timeout: PEER_LIMIT_MS })
      .then(() => true)
      .catch(() => false);
    shown = seen
      ? await within(page.evaluate<number>('window.__present = performance.now()'), PEER_LIMIT_MS)
      : PEER_LIMIT_MS;
  } else shown = await shownAt(page, load.selector);
  const fcp = await within(
    page.evaluate<number>(`new Promise((resolve) => {
    const find = () => performance.getEntriesByName('first-contentful-paint')[0];
    const at = find();
    if (at) return resolve(at.startTime);
    setTimeout(() => resolve(-1), 10000);
    new PerformanceObserver(() => { const e = find(); if (e) resolve(e.startTime); }).observe({ type: 'paint', buffered: true });
  })`),
    -1,
  );
  const scripts = await within(
    page.evaluate<Array<{ name: string; size: number }>>(
      `performance.getEntriesByType('resource')
      .filter((e) => (e.initiatorType === 'script' || e.initiatorType === 'link' || e.initiatorType === 'other') && /\\.js($|\\?)/.test(e.name) && e.startTime <= (window.__present ?? ${shown}))
      .map((e) => ({ name: e.name, size: e.encodedBodySize }))`,
    ),
    [],
  );
  await context.close();
  let gzip = 0;
  for (const script of scripts) {
    const file = load.fileOf(new URL(script.name));
    if (file) gzip += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return {
    shown,
    fcp,
    jsBytes: scripts.reduce((sum, s) => sum + s.size, 0),
    jsGzipBytes: gzip,
    jsFiles: scripts.length,
  };
}

async function openCold(browser: Browser, load: Load, runs: number): Promise<ColdOpen> {
  console.log(`  cold: ${load.documentFrom ? 'whole app at ' : ''}${load.url}`);
  const shownMs: number[] = [];
  const fcpMs: number[] = [];
  let last = { jsBytes: 0, jsGzipBytes: 0, jsFiles: 0 };
  // The server's own warm-up (file reads, JIT), not the browser's; a peer's static files need none.
  if (!load.peer) await openOnce(browser, load);
  for (let run = 0; run < runs; run++) {
    const result = await openOnce(browser, load);
    shownMs.push(result.shown);
    fcpMs.push(result.fcp);
    last = result;
  }
  return { shownMs, fcpMs, jsBytes: last.jsBytes, jsGzipBytes: last.jsGzipBytes, jsFiles: last.jsFiles };
}

/** Redoc's standalone page for `spec` on a loopback port of its own. */
async function serveRedoc(spec: string): Promise<{ base: string; bundle: string; close(): void }> {
  const require = createRequire(import.meta.url);
  const bundle = require.resolve('redoc/bundles/redoc.standalone.js');
  const script = readFileSync(bundle);
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>Redoc</title></head><body>' +
    '<redoc spec-url="/spec.json"></redoc><script src="/redoc.standalone.js"></script></body></html>';
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/redoc.standalone.js')) {
      res.setHeader('content-type', 'text/javascript');
      res.end(script);
    } else if (url.startsWith('/spec.json')) {
      res.setHeader('content-type', 'application/json');
      res.end(spec);
    } else {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, bundle, close: () => server.close() };
}

export interface GitHubCold {
  light: ColdOpen;
  share: ColdOpen;
  show: ColdOpen;
  fullApp: ColdOpen;
  redoc: ColdOpen;
  redocOperation: string;
}

/**
 * Times the three ways to `docId` (an imported GitHub operation at `url` with `method`) cold, `runs` loads each.
 */
export async function measureGitHubCold(options: {
  browser: Browser;
  base: string;
  token: string;
  docId: string;
  url: string;
  method: string;
  spec: string;
  runs: number;
  /** A public share and a public composed project that hold the doc. */
  shareId: string;
  showId: string;
}): Promise<GitHubCold> {
  const { browser, base, token, docId, runs } = options;
  const dist = path.join(ROOT, 'apps/web/dist');
  const quireFile = (url: URL) => (url.origin === base ? path.join(dist, url.pathname) : null);
  const docSelector = 'article[aria-label] section[aria-label]';
  const light = await openCold(
    browser,
    { url: `${base}/view/${docId}`, selector: docSelector, token, fileOf: quireFile },
    runs,
  );
  // Visitors hold no token: the boot script asks for the public calls alone.
  const share = await openCold(
    browser,
    { url: `${base}/share/${options.shareId}/${docId}`, selector: docSelector, fileOf: quireFile },
    runs,
  );
  const show = await openCold(
    browser,
    { url: `${base}/show/${options.showId}/${docId}`, selector: docSelector, fileOf: quireFile },
    runs,
  );
  const fullApp = await openCold(
    browser,
    {
      url: `${base}/view/${docId}`,
      selector: docSelector,
      token,
      documentFrom: `${base}/dashboard`,
      fileOf: quireFile,
    },
    runs,
  );
  const parsed = JSON.parse(options.spec) as {
    paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
  };
  const operation = parsed.paths[options.url]?.[options.method.toLowerCase()];
  if (!operation?.operationId)
    throw new Error(`no operation ${options.method} ${options.url} in the description`);
  const tag = operation.tags?.[0] ?? '';
  const section = `tag/${tag}/operation/${operation.operationId}`;
  const redocServer = await serveRedoc(options.spec);
  try {
    const redoc = await openCold(
      browser,
      {
        url: `${redocServer.base}/#${section}`,
        // The operation's section with its heading drawn.
        selector: `[data-section-id="${section}"] h2`,
        fileOf: (url) => (url.pathname.startsWith('/redoc.standalone.js') ? redocServer.bundle : null),
        peer: true,
      },
      // Each Redoc load takes seconds to minutes on this description: fewer of them.
      Math.min(runs, 2),
    );
    return { light, share, show, fullApp, redoc, redocOperation: operation.operationId };
  } finally {
    redocServer.close();
  }
}

export { median };
