// Exporters on GitHub's REST API description (@octokit/openapi: 1,223 operations), in process: the
// description is imported into the doc model first (that conversion is the baseline of the same run), then
// exported to OpenAPI 3.1, Markdown, Postman, HTML and Word. Targets: OpenAPI and Markdown < 3 s, HTML < 5 s
// (and its deepest doc shown within 1 s of opening the file from disk in Chromium), Word < 15 s (within its
// row limit), peak RSS < 1 GB. The export calls add one read of the application's rows to these figures.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { openApiToModel, parseApiText } from '@quire/api-model/converters';
import {
  exportMarkdown,
  exportOpenApi,
  exportPostman,
  exportWord,
  openApiText,
  WORD_ROWS_MAX,
  wordRowCount,
} from '@quire/api-model/export';
import { chromium } from 'playwright-core';
import { docsOf } from '../packages/api-model/src/converters/test-support/tree-walk.ts';

// React in production mode, as in the bundled server (build.mjs defines it): its development build renders the
// HTML export three times slower. Set before the renderer's modules load.
process.env.NODE_ENV = 'production';
const { renderRequestOf } = await import('../apps/server/src/modules/export/export-job.ts');
const { renderExport } = await import('../apps/server/src/modules/export/export-render.ts');

const require = createRequire(import.meta.url);
const text = readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8');

async function timed<T>(run: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  return { ms, value };
}

const baseline = await timed(() => openApiToModel(parseApiText(text)));
const tree = baseline.value;
const source = { title: 'GitHub', ...tree };
const figures: Array<[string, number, number]> = [];
const openapi = await timed(() => openApiText(exportOpenApi(source).document, 'json'));
figures.push(['OpenAPI 3.1 (JSON)', openapi.ms, openapi.value.length]);
const markdown = await timed(() => exportMarkdown(source));
figures.push(['Markdown', markdown.ms, markdown.value.length]);
const postman = await timed(() => JSON.stringify(exportPostman(source)));
figures.push(['Postman 2.1', postman.ms, postman.value.length]);
// HTML as the server renders it (the reader's components to static markup, sanitized), with one environment.
const htmlRequest = renderRequestOf(
  { format: 'html', style: 'allInOne', openapiFormat: 'json', environmentIds: [] },
  'en',
);
const withEnv = { ...source, environments: [{ name: 'api', url: 'https://api.github.com' }] };
const html = await timed(async () => String((await renderExport(withEnv, htmlRequest)).body));
figures.push(['HTML (one offline file)', html.ms, html.value.length]);
const opened = await openInChromium(html.value, docsOf(tree).length);

// Word takes at most WORD_ROWS_MAX rows (GitHub holds 72,000, within it): measured on every doc within it.
const within: typeof tree.nodes = [];
let rows = 0;
for (const node of docsOf(tree)) {
  const n = wordRowCount({ ...source, nodes: [node] });
  if (rows + n > WORD_ROWS_MAX) break;
  rows += n;
  within.push(node);
}
const word = await timed(() => exportWord({ ...source, nodes: within }));
const whole = within.length === docsOf(tree).length ? 'all' : 'the first';
figures.push([`Word (${whole} ${within.length} docs, ${rows} rows)`, word.ms, word.value.length]);

const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
console.log(`baseline: import of the description into the doc model ${baseline.ms.toFixed(0)} ms`);
for (const [name, ms, size] of figures)
  console.log(
    `${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  ${(size / 1e6).toFixed(1).padStart(6)} MB  ${(ms / baseline.ms).toFixed(2)}x baseline`,
  );
console.log(`peak RSS of the process: ${peak.toFixed(0)} MB`);
if (opened !== null)
  console.log(`HTML opened from disk in Chromium, last doc (#doc-N) shown: ${opened.toFixed(0)} ms`);

/**
 * Opens the HTML file from disk at its last doc, every request but the file aborted: milliseconds until the
 * doc's heading is visible. Null without Chromium (CHROMIUM_PATH or /usr/bin/chromium).
 */
async function openInChromium(page: string, docs: number): Promise<number | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'quire-html-')), 'github.html');
  writeFileSync(file, page);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--headless'] });
  try {
    const tab = await browser.newPage();
    await tab.route('**', (route) =>
      route.request().url().startsWith('file://') ? route.continue() : route.abort(),
    );
    const started = performance.now();
    await tab.goto(`file://${file}#doc-${docs}`, { waitUntil: 'commit' });
    await tab.locator(`#doc-${docs} h1`).waitFor({ state: 'visible', timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}
