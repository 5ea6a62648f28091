import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { createEnvironment, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface ToolAnswer {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
}

const textOf = (answer: unknown) => (answer as ToolAnswer).content.map((c) => c.text ?? '').join('');
const jsonOf = <T>(answer: unknown) => JSON.parse(textOf(answer)) as T;

const DOC = {
  name: 'Create pet',
  url: '/pets/{id}',
  httpMethod: 'POST',
  contentType: 'application/json',
  description: 'Adds a pet to the store',
  pathParams: [{ name: 'id', type: 'number', required: true, example: '7', description: 'pet id' }],
  requestParams: [
    { name: 'kind', type: 'enum', required: true, enumContent: 'CAT,DOG', description: 'what it is' },
    { name: 'tags', type: 'array', children: [{ name: 'label', type: 'string', example: 'cute' }] },
  ],
  responseParams: [{ name: 'id', type: 'number', example: '7' }],
  errorCodeParams: [{ code: 'PET_TAKEN', description: 'the id is taken', solution: 'pick another' }],
};

describe.each(testDialects())('MCP server over HTTP on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let w: DocWorld;
  let other: DocWorld;
  let docId: string;
  let otherDocId: string;
  const clients: Client[] = [];
  const tokens = {} as Record<'admin' | 'ownerWrite' | 'ownerRead' | 'guest' | 'revoked', string>;

  async function connect(token: string, lang = 'en'): Promise<Client> {
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const newToken = async (login: string, body: Record<string, unknown>) =>
    await expectOk<{ token: string; id: string }>(t.post('/api/user/token/add', body, { token: login }));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    w = await createDocWorld(t);
    other = await createDocWorld(t);
    await createEnvironment(t, w.token, w.moduleId);
    docId = (await saveDoc(t, w.token, { moduleId: w.moduleId, ...DOC })).id;
    otherDocId = (
      await saveDoc(t, other.token, { moduleId: other.moduleId, name: 'List owls', url: '/owls' })
    ).id;
    const admin = await newUser(t, { isSuperAdmin: true });
    tokens.admin = (await newToken(admin.token, { name: 'admin', scope: 'write' })).token;
    tokens.ownerWrite = (await newToken(w.token, { name: 'w', scope: 'write' })).token;
    tokens.ownerRead = (await newToken(w.token, { name: 'r', scope: 'read' })).token;
    // A guest of the other project, with no role in w's: sees nothing of it.
    const guest = await newProjectGuest(t, other);
    tokens.guest = (await newToken(guest.token, { name: 'g', scope: 'write' })).token;
    const revoked = await newToken(w.token, { name: 'gone', scope: 'read' });
    await expectOk(t.post('/api/user/token/revoke', { id: revoked.id }, { token: w.token }));
    tokens.revoked = revoked.token;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t.close();
  });

  it('lists the tools, with save_doc_description for read-write tokens only', async () => {
    const names = (await (await connect(tokens.ownerWrite)).listTools()).tools.map((tool) => tool.name);
    expect(names.sort()).toEqual(
      [
        'get_doc',
        'get_openapi',
        'list_applications',
        'list_changes',
        'list_projects',
        'save_doc_description',
        'search_docs',
      ].sort(),
    );
    const readNames = (await (await connect(tokens.ownerRead)).listTools()).tools.map((tool) => tool.name);
    expect(readNames).not.toContain('save_doc_description');
    expect(readNames).toContain('get_doc');
  });

  it('answers every tool as an admin', async () => {
    const admin = await connect(tokens.admin);
    const hits = jsonOf<Array<{ docId: string; method: string; project: { id: string } }>>(
      await admin.callTool({ name: 'search_docs', arguments: { query: 'pet' } }),
    );
    expect(hits.find((h) => h.docId === docId)).toMatchObject({
      method: 'POST',
      project: { id: w.projectId },
    });

    const doc = textOf(await admin.callTool({ name: 'get_doc', arguments: { docId } }));
    expect(doc).toContain('# Create pet');
    expect(doc).toMatch(/: `POST` http:\/\/127\.0\.0\.1:8080\/api\/pets\/\{id\}/);
    expect(doc).toContain('- `kind` (enum, required) — what it is. Enum: CAT, DOG');
    expect(doc).toContain('  - `label` (string, required). Example: `cute`');
    expect(doc).toContain('- `PET_TAKEN` — the id is taken. Solution: pick another');
    expect(doc).toContain('## Response example');

    const projects = jsonOf<Array<{ id: string }>>(
      await admin.callTool({ name: 'list_projects', arguments: {} }),
    );
    expect(projects.map((p) => p.id)).toEqual(expect.arrayContaining([w.projectId, other.projectId]));
    const apps = jsonOf<Array<{ id: string }>>(
      await admin.callTool({ name: 'list_applications', arguments: { projectId: w.projectId } }),
    );
    expect(apps.map((a) => a.id)).toEqual([w.moduleId]);

    const openapi = jsonOf<{ openapi: string; paths: Record<string, unknown> }>(
      await admin.callTool({ name: 'get_openapi', arguments: { moduleId: w.moduleId } }),
    );
    expect(openapi.openapi).toMatch(/^3\.1/);
    expect(Object.keys(openapi.paths)).toEqual(['/pets/{id}']);

    const changes = jsonOf<{
      releases: unknown[];
      changesSinceRelease: unknown;
      revisions: Array<{ docId: string; revision: number; summary: string }>;
    }>(await admin.callTool({ name: 'list_changes', arguments: { projectId: w.projectId } }));
    expect(changes.revisions[0]).toMatchObject({ docId, revision: 1, summary: 'doc added' });
    expect(changes.releases).toEqual([]);
    expect(changes.changesSinceRelease).toBeNull();

    const resources = await admin.listResources();
    const uri = `quire://openapi/${w.moduleId}`;
    expect(resources.resources.map((r) => r.uri)).toContain(uri);
    const read = await admin.readResource({ uri });
    expect(JSON.parse(String((read.contents[0] as { text: string }).text)).paths).toHaveProperty([
      '/pets/{id}',
    ]);
  });

  it('a guest of another project sees nothing of this one: "not found" as for a missing doc', async () => {
    const guest = await connect(tokens.guest);
    const hits = jsonOf<Array<{ docId: string }>>(
      await guest.callTool({ name: 'search_docs', arguments: { query: 'pet' } }),
    );
    expect(hits).toEqual([]);
    const owls = jsonOf<Array<{ docId: string }>>(
      await guest.callTool({ name: 'search_docs', arguments: { query: 'owls' } }),
    );
    expect(owls.map((h) => h.docId)).toEqual([otherDocId]);
    const hidden = await guest.callTool({ name: 'get_doc', arguments: { docId } });
    const missing = await guest.callTool({ name: 'get_doc', arguments: { docId: 'doesNotExist0000' } });
    expect((hidden as ToolAnswer).isError).toBe(true);
    expect(hidden).toEqual(missing);
    const projects = jsonOf<Array<{ id: string }>>(
      await guest.callTool({ name: 'list_projects', arguments: {} }),
    );
    expect(projects.map((p) => p.id)).toEqual([other.projectId]);
    for (const [name, args] of [
      ['list_applications', { projectId: w.projectId }],
      ['get_openapi', { moduleId: w.moduleId }],
      ['list_changes', { projectId: w.projectId }],
    ] as const) {
      const answer = (await guest.callTool({ name, arguments: args })) as ToolAnswer;
      expect([name, answer.isError]).toEqual([name, true]);
      expect(textOf(answer)).toMatch(/does not exist|not found/i);
    }
    expect((await guest.listResources()).resources.map((r) => r.uri)).toEqual([
      `quire://openapi/${other.moduleId}`,
    ]);
    // A guest may read but not edit: the save is refused, and a doc it cannot read is "not found".
    const refused = (await guest.callTool({
      name: 'save_doc_description',
      arguments: { docId: otherDocId, description: 'x' },
    })) as ToolAnswer;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/permission/i);
    const hiddenSave = await guest.callTool({
      name: 'save_doc_description',
      arguments: { docId, description: 'x' },
    });
    expect(hiddenSave).toEqual(
      await guest.callTool({
        name: 'save_doc_description',
        arguments: { docId: 'doesNotExist0000', description: 'x' },
      }),
    );
  });

  it('saves a description as the token owner, with the doc save’s concurrency check', async () => {
    const writer = await connect(tokens.ownerWrite);
    const saved = jsonOf<{ revision: number }>(
      await writer.callTool({
        name: 'save_doc_description',
        arguments: { docId, description: 'Adds one pet; the id must be free.', revision: 1 },
      }),
    );
    expect(saved.revision).toBe(2);
    const detail = await expectOk<{ description: string; name: string; url: string }>(
      t.get(`/api/doc/detail?id=${docId}`, { token: w.token }),
    );
    expect(detail).toMatchObject({
      description: 'Adds one pet; the id must be free.',
      name: 'Create pet',
      url: '/pets/{id}',
    });
    const history = await expectOk<Array<{ revision: number; creatorName: string }>>(
      t.get(`/api/doc/revision/list?docId=${docId}`, { token: w.token }),
    );
    expect(JSON.stringify(history.find((r) => r.revision === 2))).toContain(w.nickname);
    const stale = (await writer.callTool({
      name: 'save_doc_description',
      arguments: { docId, description: 'late', revision: 1 },
    })) as ToolAnswer;
    expect(stale.isError).toBe(true);
  });

  it('refuses malformed and oversized input with a validation error', async () => {
    const client = await connect(tokens.ownerRead);
    for (const [name, args] of [
      ['get_doc', { docId: 'x'.repeat(65) }],
      ['get_doc', {}],
      ['search_docs', { query: 'pet', limit: 500 }],
      ['search_docs', { query: 'q'.repeat(201) }],
      ['list_changes', { projectId: w.projectId, since: 'yesterday' }],
    ] as const) {
      const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
      expect([name, answer.isError, textOf(answer)]).toEqual([
        name,
        true,
        expect.stringMatching(/validation|invalid/i),
      ]);
    }
  });

  it('answers 401 with WWW-Authenticate and nothing else to a missing, revoked or login token', async () => {
    await expect(connect(tokens.revoked)).rejects.toThrow();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const answers = [
      await fetch(`${base}/mcp`, { method: 'POST', headers, body }),
      await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${tokens.revoked}` },
        body,
      }),
      await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${w.token}` },
        body,
      }),
    ];
    const texts = [];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
      texts.push(await answer.text());
    }
    expect(JSON.parse(texts[0] ?? '')).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    expect(texts[1]).toBe(texts[2]);
    const get = await fetch(`${base}/mcp`, { headers: { authorization: `Bearer ${tokens.ownerRead}` } });
    expect(get.status).toBe(405);
  });

  it('list_changes answers the releases and what changed since the newest, breaking first', async () => {
    await expectOk(
      t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '1.0.0' }, { token: w.token }),
    );
    const detail = await expectOk<{ revision: number }>(
      t.get(`/api/doc/detail?id=${docId}`, { token: w.token }),
    );
    // The method moves: every client of the old one breaks.
    await expectOk(
      t.post(
        '/api/doc/save',
        { ...DOC, id: docId, moduleId: w.moduleId, httpMethod: 'PUT', revision: detail.revision },
        { token: w.token },
      ),
    );
    const changes = jsonOf<{
      releases: Array<{ releaseNo: string }>;
      sinceRelease: { releaseNo: string } | null;
      changesSinceRelease: { operations: Array<{ docId: string; level: string }> } | null;
    }>(
      await (await connect(tokens.ownerRead)).callTool({
        name: 'list_changes',
        arguments: { projectId: w.projectId },
      }),
    );
    expect(changes.releases.map((r) => r.releaseNo)).toEqual(['1.0.0']);
    expect(changes.sinceRelease?.releaseNo).toBe('1.0.0');
    expect(changes.changesSinceRelease?.operations[0]).toMatchObject({ docId, level: 'breaking' });
  });
});
