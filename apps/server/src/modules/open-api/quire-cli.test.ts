import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld } from '../../../test/doc-fixture.ts';
import { refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/quire.mjs');

/** Runs the command line; answers its exit status and output. */
function quire(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        const status = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

const SPEC = (paths: string[]) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    paths: Object.fromEntries(
      paths.map((p) => [p, { get: { summary: `Get ${p}`, responses: { '200': { description: 'ok' } } } }]),
    ),
  });

describe.each(testDialects())('quire push command line on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let server: string;
  let token: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-cli-'));
  beforeAll(async () => {
    t = await createTestApp(dialect);
    server = await t.app.listen({ host: '127.0.0.1', port: 0 });
    w = await createDocWorld(t);
    token = await refreshPushToken(t, w.token, w.moduleId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pushes an OpenAPI file, prints the counts, and replaces on the next push', async () => {
    const file = path.join(dir, 'shop.json');
    writeFileSync(file, SPEC(['/goods', '/orders']));
    const first = await quire(['push', file, '--server', server, '--token', token]);
    expect(first).toMatchObject({ status: 0 });
    expect(first.stdout).toContain('2 added, 0 updated, 0 deleted, 0 unchanged');
    writeFileSync(file, SPEC(['/goods']));
    // The open-API address (smart-doc's openUrl) works as --server too.
    const second = await quire(['push', file, '--server', `${server}/api`], { QUIRE_PUSH_TOKEN: token });
    expect(second.stdout).toContain('0 added, 0 updated, 1 deleted, 1 unchanged');
    expect(second.stdout).toContain('removed GET /orders');
    writeFileSync(file, SPEC(['/users']));
    const append = await quire(['push', file, '--server', server, '--token', token, '--append']);
    expect(append.stdout).toContain('1 added, 0 updated, 0 deleted, 0 unchanged');
  });

  it("exits non-zero with the server's reason, or with usage for wrong arguments", async () => {
    const file = path.join(dir, 'one.json');
    writeFileSync(file, SPEC(['/a']));
    const refused = await quire(['push', file, '--server', server, '--token', 'qpt_wrong']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('code 14');
    const missing = await quire(['push', path.join(dir, 'nope.json'), '--server', server, '--token', token]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const usage = await quire(['push', file, '--token', token], { QUIRE_SERVER: '' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--server');
    const garbage = path.join(dir, 'garbage.yaml');
    writeFileSync(garbage, 'just: [text');
    const bad = await quire(['push', garbage, '--server', server, '--token', token]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('code 2');
  });

  it('prints the change report; --dry-run pushes nothing; --fail-on-breaking exits 1 before pushing', async () => {
    const file = path.join(dir, 'report.json');
    writeFileSync(file, SPEC(['/r/a', '/r/b']));
    const first = await quire(['push', file, '--server', server, '--token', token]);
    expect(first.status).toBe(0);
    // The earlier tests' docs this push replaces count as breaking; the two new operations are not.
    expect(first.stdout).toMatch(/Changes: \d+ breaking, 2 non-breaking, 0 docs/);
    // Dropping /r/b is breaking: a dry run says so and pushes nothing.
    writeFileSync(file, SPEC(['/r/a']));
    const dry = await quire(['push', file, '--server', server, '--token', token, '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('would change: 1 breaking');
    expect(dry.stdout).toContain('BREAKING GET /r/b');
    expect(dry.stdout).toContain('operation-removed');
    expect(dry.stdout).not.toContain('Pushed');
    const refused = await quire(['push', file, '--server', server, '--token', token, '--fail-on-breaking']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('nothing was pushed');
    // Still there: a plain push now removes it, and its report names the breaking change.
    const applied = await quire(['push', file, '--server', server, '--token', token]);
    expect(applied.status).toBe(0);
    expect(applied.stdout).toContain('1 deleted');
    expect(applied.stdout).toContain('Changes: 1 breaking');
    // Adding an operation breaks nothing: --fail-on-breaking pushes it.
    writeFileSync(file, SPEC(['/r/a', '/r/c']));
    const safe = await quire(['push', file, '--server', server, '--token', token, '--fail-on-breaking']);
    expect(safe.status).toBe(0);
    expect(safe.stdout).toContain('1 added');
  });
});

describe('quire push and export never carry the token through a redirect to another origin', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-cli-redirect-'));
  const received: Array<{ server: string; url: string; body: string; auth: string }> = [];
  const servers: Server[] = [];
  /** A loopback server (its own port: its own origin) answering with `handle`. */
  async function serve(
    name: string,
    handle: (
      url: string,
      reply: (status: number, headers: Record<string, string>, body?: string) => void,
    ) => void,
  ): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          server: name,
          url: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          auth: String(req.headers.authorization ?? ''),
        });
        handle(req.url ?? '', (status, headers, body = '') => {
          res.writeHead(status, headers);
          res.end(body);
        });
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  let thief: string;
  let redirector: string;
  let honest: string;
  beforeAll(async () => {
    thief = await serve('thief', (_url, reply) =>
      reply(200, { 'content-type': 'application/json' }, '{"code":"0","data":{}}'),
    );
    // Another port on loopback is another origin.
    redirector = await serve('redirector', (url, reply) => reply(307, { location: `${thief}${url}` }));
    // A server that moved its API within its own origin.
    honest = await serve('honest', (url, reply) => {
      if (url === '/api') return reply(308, { location: '/v2/api' });
      if (url === '/api/module/export') return reply(307, { location: '/v2/api/module/export' });
      if (url === '/v2/api/module/export') return reply(200, { 'content-type': 'text/markdown' }, '# Shop\n');
      return reply(200, { 'content-type': 'application/json' }, '{"code":"0","data":{"added":1}}');
    });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('refuses a 307 to another origin and follows one within the origin', async () => {
    const file = path.join(dir, 'shop.json');
    writeFileSync(file, SPEC(['/goods']));
    const token = 'qpt_secret-token-value';
    const stolen = await quire(['push', file, '--server', redirector, '--token', token]);
    expect(stolen.status).toBe(1);
    expect(stolen.stderr).toContain('another origin');
    const exported = await quire([
      'export',
      '--url',
      redirector,
      '--token',
      token,
      '--format',
      'markdown',
      '--out',
      path.join(dir, 'out.md'),
    ]);
    expect(exported.status).toBe(1);
    expect(exported.stderr).toContain('another origin');
    expect(received.filter((r) => r.server === 'thief')).toEqual([]);

    const moved = await quire(['push', file, '--server', honest, '--token', token]);
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    const followed = received.filter((r) => r.server === 'honest').map((r) => r.url);
    expect(followed).toEqual(['/api', '/v2/api']);
    expect(JSON.parse(received.at(-1)?.body ?? '{}').access_token).toBe(token);
    const sameOriginExport = await quire([
      'export',
      '--url',
      honest,
      '--token',
      token,
      '--format',
      'markdown',
      '--out',
      path.join(dir, 'honest.md'),
    ]);
    expect(sameOriginExport.status).toBe(0);
    expect(received.at(-1)).toMatchObject({ url: '/v2/api/module/export', auth: `Bearer ${token}` });
  });
});
