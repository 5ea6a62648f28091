import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mcpConfigSnippet } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/quire.mjs');

function quire(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, QUIRE_SERVER: '', QUIRE_TOKEN: '', ...env } },
      (error, stdout, stderr) => {
        resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe.each(testDialects())('quire mcp-config on %s', (dialect) => {
  let t: TestApp;
  let server: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    server = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prints the account page’s JSON, and an MCP client connects with it', async () => {
    const user = await newUser(t);
    const { token } = await expectOk<{ token: string }>(
      t.post('/api/user/token/add', { name: 'cli', scope: 'read' }, { token: user.token }),
    );
    const printed = await quire(['mcp-config', '--server', `${server}/`], { QUIRE_TOKEN: token });
    expect(printed.status).toBe(0);
    expect(printed.stdout.trim()).toBe(mcpConfigSnippet(server, token));
    const config = JSON.parse(printed.stdout) as {
      mcpServers: { quire: { url: string; headers: Record<string, string> } };
    };
    const client = new Client({ name: 'cli-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(config.mcpServers.quire.url), {
        requestInit: { headers: config.mcpServers.quire.headers },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('search_docs');
    await client.close();
  });

  it('says where the token goes without one, and refuses wrong usage', async () => {
    const placeholder = await quire(['mcp-config', '--server', server]);
    expect(placeholder.stdout.trim()).toBe(mcpConfigSnippet(server));
    expect(placeholder.stdout).toContain('Bearer <token>');
    const missing = await quire(['mcp-config']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--server');
    expect((await quire(['mcp-config', '--server', 'ftp://x'])).status).toBe(2);
  });
});
