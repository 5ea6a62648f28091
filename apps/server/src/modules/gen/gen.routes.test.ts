import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, newProjectGuest, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface Group {
  groupName: string;
  templates: Array<{ id: string; name: string }>;
}

describe.each(testDialects())('code generation routes on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let admin: string;
  let docId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    await t.createUser({ username: 'root', isSuperAdmin: true });
    admin = await t.login('root');
    docId = (
      await saveDoc(t, w.token, {
        moduleId: w.moduleId,
        name: 'Create user',
        url: '/users/{org_id}',
        httpMethod: 'POST',
        contentType: 'application/json',
        pathParams: [{ name: 'org_id', type: 'number' }],
        queryParams: [{ name: 'dry_run', type: 'boolean', required: false }],
        requestParams: [
          { name: 'user_name', type: 'string', description: '<b>login</b> name' },
          { name: 'address', type: 'object', children: [{ name: 'zip_code', type: 'string' }] },
        ],
        responseParams: [{ name: 'id', type: 'number' }],
      })
    ).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const builtIn = async () =>
    (await expectOk<Group[]>(t.get('/api/doc/gen/template/tree', { token: w.token }))).find(
      (g) => g.groupName === 'Built-in',
    )?.templates ?? [];
  const generate = (templateId: string, token = w.token, lang?: string) =>
    t.post('/api/doc/gen/generate', { docId, templateId }, lang ? { token, lang } : { token });

  it('seeds the built-in templates, and each renders a doc', async () => {
    const templates = await builtIn();
    expect(templates.map((x) => x.name)).toEqual([
      'TypeScript interfaces',
      'Java class (Lombok)',
      'Kotlin data class',
      'Go struct',
      'Python dataclass',
      'C# record',
      'axios client function',
    ]);
    const out = new Map<string, string>();
    for (const x of templates) {
      const result = await expectOk<{ docName: string; content: string }>(generate(x.id));
      expect(result.docName).toBe('Create user');
      out.set(x.name, result.content);
    }
    expect(out.get('TypeScript interfaces')).toContain('export interface CreateUserRequest {');
    expect(out.get('TypeScript interfaces')).toContain('  address: Address;');
    expect(out.get('TypeScript interfaces')).toContain('/** login name */');
    expect(out.get('Java class (Lombok)')).toContain('    private String userName;');
    expect(out.get('Kotlin data class')).toContain('data class Address(');
    expect(out.get('Go struct')).toContain('\tUserName string `json:"user_name"`');
    expect(out.get('Python dataclass')).toContain('    zip_code: str');
    expect(out.get('C# record')).toContain('public record CreateUserRequest(');
    expect(out.get('axios client function')).toContain(
      'export async function createUser(orgId: number, query: { dry_run?: boolean; }, body: CreateUserRequest)',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code holds a JS template literal
    expect(out.get('axios client function')).toContain('url: `/users/${orgId}`');
  });

  it('lets super admins manage templates; a syntax error is refused with its line and column', async () => {
    const saved = await expectOk<{ id: string }>(
      t.post(
        '/api/admin/gen/template/save',
        {
          groupName: 'Mine',
          name: 'names',
          content: '{% for p in doc.requestParams %}{{ p.name | kebab_case }} {% endfor %}',
        },
        { token: admin },
      ),
    );
    expect(
      await expectOk<string[]>(t.get('/api/admin/gen/template/listGroupName', { token: admin })),
    ).toEqual(['Built-in', 'Mine']);
    expect((await expectOk<{ content: string }>(generate(saved.id))).content).toBe('user-name address ');
    const msg = await expectError(
      t.post(
        '/api/admin/gen/template/update',
        { id: saved.id, groupName: 'Mine', name: 'names', content: 'ok\n  {{ x | shout }}' },
        { token: admin, lang: 'en' },
      ),
      400,
      'gen.template_syntax',
    );
    expect(msg).toBe('Template syntax error at line 2, column 3: undefined filter: shout');
    const detail = await expectOk<{ content: string }>(
      t.get(`/api/admin/gen/template/detail?id=${saved.id}`, { token: admin }),
    );
    expect(detail.content).toContain('kebab_case');
    await expectError(
      t.post(
        '/api/admin/gen/template/save',
        { groupName: 'Mine', name: 'names', content: '' },
        { token: admin },
      ),
      409,
      'gen.template_name_taken',
    );
    await expectOk(t.post('/api/admin/gen/template/delete', { id: saved.id }, { token: admin }));
    await expectError(generate(saved.id), 404, 'gen.template_not_found');
  });

  it('says why a render fails', async () => {
    const loop = await expectOk<{ id: string }>(
      t.post(
        '/api/admin/gen/template/save',
        {
          groupName: 'Mine',
          name: 'loop',
          content: '{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}',
        },
        { token: admin },
      ),
    );
    const msg = await expectError(generate(loop.id, w.token, 'en'), 422, 'gen.render_failed');
    expect(msg).toMatch(/^The template could not be rendered: .*limit/);
  });

  it('keeps templates to super admins and generation to readers of the doc', async () => {
    await expectError(t.get('/api/admin/gen/template/tree', { token: w.token }), 403, 'auth.forbidden');
    await expectError(
      t.post('/api/admin/gen/template/save', { groupName: 'x', name: 'x', content: '' }, { token: w.token }),
      403,
      'auth.forbidden',
    );
    const [first] = await builtIn();
    if (!first) throw new Error('no built-in template');
    const guest = await newProjectGuest(t, w);
    expect((await generate(first.id, guest.token)).statusCode).toBe(200);
    const stranger = await newUser(t);
    await expectError(generate(first.id, stranger.token), 403, 'auth.forbidden');
  });
});
