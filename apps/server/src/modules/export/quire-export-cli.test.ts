import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
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
      { env: { ...process.env, QUIRE_SERVER: '', QUIRE_PUSH_TOKEN: '', ...env } },
      (error, stdout, stderr) => {
        const status = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

describe.each(testDialects())('quire export command line on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let server: string;
  let token: string;
  let loginId: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-export-'));
  beforeAll(async () => {
    t = await createTestApp(dialect);
    server = await t.app.listen({ host: '127.0.0.1', port: 0 });
    w = await createDocWorld(t);
    for (const name of ['dev', 'prod'])
      await expectOk(
        t.post(
          '/api/module/environment/add',
          { moduleId: w.moduleId, name, baseUrl: `http://127.0.0.1:79${name.length}0/${name}` },
          { token: w.token },
        ),
      );
    const folder = await expectOk<{ id: string }>(
      t.post('/api/doc/folder/add', { moduleId: w.moduleId, name: 'Orders' }, { token: w.token }),
    );
    await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      parentId: folder.id,
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      pathParams: [{ name: 'id', type: 'number', example: '42' }],
    });
    const refunds = await expectOk<{ id: string }>(
      t.post(
        '/api/doc/folder/add',
        { moduleId: w.moduleId, name: 'Refunds', parentId: folder.id },
        { token: w.token },
      ),
    );
    await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      parentId: refunds.id,
      name: 'Refund order',
      url: '/orders/{id}/refunds',
      httpMethod: 'POST',
    });
    loginId = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Login', url: '/login', httpMethod: 'POST' })
    ).id;
    token = await refreshPushToken(t, w.token, w.moduleId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a valid OpenAPI description of the token application to a file', async () => {
    const out = path.join(dir, 'api.json');
    const run = await quire([
      'export',
      '--url',
      server,
      '--token',
      token,
      '--format',
      'openapi',
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ status: 0 });
    expect(run.stdout).toContain(`to ${out}`);
    const spec = JSON.parse(readFileSync(out, 'utf8'));
    expect((await validate(structuredClone(spec))).valid).toBe(true);
    expect(Object.keys(spec.paths).sort()).toEqual(['/login', '/orders/{id}', '/orders/{id}/refunds']);
  });

  it('exports part of the application: --doc ids and --folder name paths', async () => {
    const out = path.join(dir, 'part.json');
    const base = ['export', '--url', server, '--token', token, '--format', 'openapi', '--out', out];
    const pathsOf = () => Object.keys(JSON.parse(readFileSync(out, 'utf8')).paths).sort();
    const folder = await quire([...base, '--folder', 'Orders/Refunds', '--doc', loginId]);
    expect(folder.stderr).toBe('');
    expect(folder.status).toBe(0);
    expect(pathsOf()).toEqual(['/login', '/orders/{id}/refunds']);
    // A folder's subtree comes with it.
    expect((await quire([...base, '--folder', 'Orders'])).status).toBe(0);
    expect(pathsOf()).toEqual(['/orders/{id}', '/orders/{id}/refunds']);
    // An unknown folder: refused with the server's message, nothing written.
    const unknown = await quire([
      ...base.slice(0, -1),
      path.join(dir, 'never.json'),
      '--folder',
      'Orders/Nope',
    ]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('HTTP 404');
    expect(unknown.stderr).toContain('No folder "Orders/Nope" in this application');
    const foreign = await quire([...base, '--doc', 'not-a-doc-of-this-app']);
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toContain('HTTP 404');
    const help = await quire(['export', '--help']);
    expect(help.stdout).toContain('--folder');
  });

  it('prints the environments named, and writes Markdown and HTML too', async () => {
    const md = path.join(dir, 'api.md');
    const run = await quire(
      ['export', '--server', server, '--format', 'markdown', '--env', 'prod', '--out', md],
      { QUIRE_PUSH_TOKEN: token },
    );
    expect(run.status).toBe(0);
    const text = readFileSync(md, 'utf8');
    expect(text).toContain('http://127.0.0.1:7940/prod/orders/{id}');
    expect(text).toContain('## Orders / Refunds');
    expect(text).not.toContain('/dev/');
    const html = path.join(dir, 'api.html');
    expect(
      (await quire(['export', '--url', server, '--token', token, '--format', 'html', '--out', html])).status,
    ).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('<summary>Orders</summary>');
  });

  it("exits 1 with the server's reason, 2 for wrong usage", async () => {
    const out = path.join(dir, 'never.json');
    const refused = await quire([
      'export',
      '--url',
      server,
      '--token',
      'qpt_wrong',
      '--format',
      'openapi',
      '--out',
      out,
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('HTTP 404');
    const unknownEnv = await quire([
      'export',
      '--url',
      server,
      '--token',
      token,
      '--format',
      'markdown',
      '--env',
      'nope',
      '--out',
      out,
    ]);
    expect(unknownEnv.status).toBe(1);
    const usage = await quire(['export', '--url', server, '--token', token, '--format', 'pdf', '--out', out]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--format must be one of');
  });
});
