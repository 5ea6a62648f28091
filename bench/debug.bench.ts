// The debug proxy's cost: the same request sent straight to an API on loopback (baseline) and through
// `ANY /api/doc/debug/v1` of the production server on SQLite (login, doc access, environment and address
// checks, audit row, the upstream call). Small JSON and a 1 MB answer; median of sequential calls.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildServer, median, startServer, tempDir } from './lib.ts';

const PORT = 7847;
const ADMIN_PASSWORD = 'bench-admin-pass';
const base = `http://127.0.0.1:${PORT}`;
const RUNS = 200;
let token = '';

async function call<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== '0') throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

const small = JSON.stringify({ code: 0, data: { id: 1, name: 'order' } });
const large = JSON.stringify({
  items: Array.from({ length: 12_000 }, (_, i) => ({ i, name: `item ${i}`, ok: true })),
});
const upstream = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('large') ? large : small);
  });
});
await new Promise<void>((resolve) => upstream.listen(7848, '127.0.0.1', resolve));
const api = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;

async function timed(send: () => Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

buildServer();
const server = await startServer(
  {
    QUIRE_DATA_DIR: tempDir('quire-bench-debug-'),
    QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  },
  PORT,
);
try {
  token = (
    await call<{ token: string }>('/api/system/login', { username: 'admin', password: ADMIN_PASSWORD })
  ).token;
  const space = await call<{ id: string }>('/api/space/add', { name: 'bench' });
  // The upstream is on loopback: QUIRE_FETCH_ALLOW_HOSTS opens it to spaces with internal access only.
  await call('/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await call<{ id: string }>('/api/project/add', { name: 'bench', spaceId: space.id });
  const module = await call<{ id: string }>('/api/module/add', { name: 'bench', projectId: project.id });
  await call('/api/module/environment/add', { moduleId: module.id, name: 'local', baseUrl: api });
  const doc = await call<{ id: string }>('/api/doc/save', {
    moduleId: module.id,
    name: 'd',
    url: '/small',
    httpMethod: 'POST',
  });
  const proxied = (path: string) => () =>
    fetch(`${base}/api/doc/debug/v1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'target-doc-id': doc.id,
        'target-url': `${api}${path}`,
        'target-headers': JSON.stringify({ 'Content-Type': 'application/json' }),
        'content-type': 'application/json',
      },
      body: '{"sku":"A-1"}',
    });
  const direct = (path: string) => () =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"sku":"A-1"}',
    });
  for (const [label, path] of [
    ['small JSON', '/small'],
    ['1 MB JSON', '/large'],
  ] as const) {
    await timed(proxied(path)); // warm-up
    const baseline = await timed(direct(path));
    const proxy = await timed(proxied(path));
    console.log(
      `${label}: direct ${baseline.toFixed(2)} ms, through the proxy ${proxy.toFixed(2)} ms (median of ${RUNS}), ratio ${(proxy / baseline).toFixed(2)}x, overhead ${(proxy - baseline).toFixed(2)} ms`,
    );
  }
} finally {
  await server.stop();
  upstream.close();
}
