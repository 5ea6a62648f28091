import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * The debug panel as a reader uses it: open a doc, press Debug, send the prefilled request through the
 * guarded proxy to an API on loopback, with a pre script signing the request and a post script keeping a
 * token for the next request; then a script that never ends is stopped.
 */

const ECHO_PORT = 7845;
const d = zh.debug;
const seen: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
let echo: Server;
let token = '';
let docId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, data: { token: `tok-${seen.length}`, items: [1, 2, 3] } }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(ECHO_PORT, '127.0.0.1', resolve));
  token = await adminToken(request);
  const suffix = Date.now().toString(36);
  const call = <T>(path: string, data?: unknown) => apiCall<T>(request, token, path, data);
  const space = await call<{ id: string }>('/api/space/add', { name: `Debug ${suffix}` });
  // The echo API is on loopback, which QUIRE_FETCH_ALLOW_HOSTS opens only to spaces with internal access.
  await call('/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await call<{ id: string }>('/api/project/add', {
    name: `Try ${suffix}`,
    spaceId: space.id,
  });
  const module = await call<{ id: string }>('/api/module/add', { name: 'Orders', projectId: project.id });
  await call('/api/module/environment/add', {
    moduleId: module.id,
    name: 'local',
    baseUrl: `http://127.0.0.1:${ECHO_PORT}/api`,
  });
  docId = (
    await call<{ id: string }>('/api/doc/save', {
      moduleId: module.id,
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      contentType: 'application/json',
      headerParams: [
        { name: 'X-Token', type: 'string', example: '{{token}}' },
        { name: 'X-Probe', type: 'string', example: '{{probe}}' },
      ],
      requestParams: [{ name: 'sku', type: 'string', example: 'A-1' }],
    })
  ).id;
  await call('/api/doc/debugscript/add', {
    docId,
    name: 'sign',
    type: 0,
    scope: 1,
    content: "req.headers['X-Sign'] = md5(req.body);",
  });
  await call('/api/doc/debugscript/add', {
    docId,
    name: 'keep token',
    type: 1,
    scope: 0,
    // Also looks for a way out of the sandbox: none of the page's or the worker's powers may be there.
    content: [
      'vars.token = resp.json.data.token;',
      'vars.probe = [typeof fetch, typeof XMLHttpRequest, typeof localStorage, typeof importScripts,',
      '  typeof document, typeof WebSocket, typeof postMessage, typeof require, typeof process].join(",");',
    ].join('\n'),
  });
});

test.afterAll(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
});

test('sends through the proxy with scripts, and a token set by a post script is used next time', async ({
  context,
}) => {
  const page = await pageWithToken(context, token);
  await page.goto(`/view/${docId}`);
  await page.getByTestId('debug-open').click();
  const panel = page.getByTestId('debug-panel');
  await expect(panel.getByRole('switch', { name: d.useProxy })).toBeChecked();
  await panel.getByTestId('debug-send').click();
  await expect(panel.getByTestId('debug-status')).toHaveText('200');
  await expect(panel.getByText('"token": "tok-1",')).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/debug-panel.png', fullPage: false });
  expect(seen[0]?.url).toBe('/api/orders');
  expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ sku: 'A-1' });
  expect(seen[0]?.headers['x-token']).toBe('{{token}}');
  expect(seen[0]?.headers['x-sign']).toMatch(/^[0-9a-f]{32}$/);
  // Quire's own credentials never reach the API being tried.
  expect(seen[0]?.headers.authorization).toBeUndefined();
  expect(seen[0]?.headers.cookie).toBeUndefined();

  await panel.getByTestId('debug-send').click();
  await expect(panel.getByText('"token": "tok-2",')).toBeVisible();
  expect(seen[1]?.headers['x-token']).toBe('tok-1');
  expect(seen[1]?.headers['x-probe']).toBe(Array(9).fill('undefined').join(','));
});

test('stops a script that never ends and says which script failed', async ({ context, request }) => {
  await apiCall(request, token, '/api/doc/debugscript/add', {
    docId,
    name: 'forever',
    type: 0,
    scope: 0,
    content: 'while (true) {}',
  });
  const page = await pageWithToken(context, token);
  await page.goto(`/view/${docId}`);
  await page.getByTestId('debug-open').click();
  const panel = page.getByTestId('debug-panel');
  const before = seen.length;
  await panel.getByTestId('debug-send').click();
  await expect(panel.getByText(d.scriptError.replace('{0}', 'forever'))).toBeVisible();
  await expect(panel.getByText(d.scriptTimeout)).toBeVisible();
  expect(seen.length).toBe(before);
});

test("shows a script's error message and line", async ({ context, request }) => {
  const scripts = await apiCall<Array<{ id: string; name: string }>>(
    request,
    token,
    `/api/doc/debugscript/list?docId=${docId}`,
  );
  const forever = scripts.find((s) => s.name === 'forever');
  if (forever) await apiCall(request, token, '/api/doc/debugscript/delete', { id: forever.id });
  await apiCall(request, token, '/api/doc/debugscript/add', {
    docId,
    name: 'broken',
    type: 0,
    scope: 0,
    content: "var a = 1;\nthrow new Error('no secret configured');",
  });
  const page = await pageWithToken(context, token);
  await page.goto(`/view/${docId}`);
  await page.getByTestId('debug-open').click();
  const panel = page.getByTestId('debug-panel');
  await panel.getByTestId('debug-send').click();
  await expect(panel.getByText(d.scriptError.replace('{0}', 'broken'))).toBeVisible();
  await expect(
    panel.getByText(d.scriptErrorLine.replace('{0}', 'no secret configured').replace('{1}', '2')),
  ).toBeVisible();
});
