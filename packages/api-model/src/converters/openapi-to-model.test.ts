import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ApiDocSchema } from '../model/api-doc.ts';
import { ImportError } from './import-error.ts';
import { openApiToModel } from './openapi-to-model.ts';
import { parseApiText } from './parse-text.ts';
import { docsOf } from './test-support/tree-walk.ts';

const require = createRequire(import.meta.url);
const examples = (file: string) => readFileSync(require.resolve(`@readme/oas-examples/${file}`), 'utf8');

function spec(paths: object, extra: object = {}) {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...extra };
}

describe('openApiToModel', () => {
  it('maps the Petstore 3.0: tags to folders, params, body, responses, enums, security, servers', () => {
    const tree = openApiToModel(parseApiText(examples('3.0/json/petstore.json')));
    expect(tree.nodes.map((n) => (n.kind === 'folder' ? n.name : n.doc.name))).toEqual([
      'pet',
      'store',
      'user',
    ]);
    const docs = docsOf(tree);
    expect(docs).toHaveLength(20);
    const find = docs.find((d) => d.doc.httpMethod === 'GET' && d.doc.url === '/pet/findByStatus');
    expect(find?.doc.queryParams[0]).toMatchObject({ name: 'status', type: 'str_array', required: true });
    expect(find?.doc.queryParams[0]?.enumContent).toBe('available,pending,sold');
    // Two different `status` enums (pets and orders): each is named with its values.
    expect(Object.values(find?.enumLinks ?? {})).toContain('status (available|pending|sold)');
    expect(find?.doc.isResponseArray).toBe(true);
    expect(find?.doc.responseParams.map((r) => r.name)).toEqual([
      'id',
      'category',
      'name',
      'photoUrls',
      'tags',
      'status',
    ]);
    expect(find?.doc.errorCodeParams.map((c) => c.code)).toEqual(['400']);
    expect(find?.doc.headerParams[0]).toMatchObject({ name: 'Authorization' });
    expect(find?.doc.headerParams[0]?.description).toContain('security scheme petstore_auth');
    const upload = docs.find((d) => d.doc.url === '/pet/{petId}/uploadImage');
    expect(upload?.doc.pathParams[0]).toMatchObject({ name: 'petId', type: 'number', required: true });
    const apiKey = docs.find((d) => d.doc.httpMethod === 'GET' && d.doc.url === '/pet/{petId}');
    expect(apiKey?.doc.headerParams.map((r) => r.name)).toContain('api_key');
    expect(tree.environments).toEqual([
      { name: 'http://petstore.swagger.io/v2', url: 'http://petstore.swagger.io/v2', isPublic: true },
    ]);
    expect(
      tree.enums.find((e) => e.name === 'status (available|pending|sold)')?.items.map((i) => i.value),
    ).toEqual(['available', 'pending', 'sold']);
    for (const node of docs) expect(ApiDocSchema.safeParse(node.doc).success).toBe(true);
  });

  it('maps Swagger 2: body and formData params, file fields, host/basePath/schemes', () => {
    const tree = openApiToModel(parseApiText(examples('2.0/json/petstore.json')));
    const docs = docsOf(tree);
    const upload = docs.find((d) => d.doc.url === '/pet/{petId}/uploadImage');
    expect(upload?.doc.contentType).toBe('multipart/form-data');
    expect(upload?.doc.requestParams.map((r) => [r.name, r.type])).toEqual([
      ['additionalMetadata', 'string'],
      ['file', 'file'],
    ]);
    const create = docs.find((d) => d.doc.httpMethod === 'POST' && d.doc.url === '/pet');
    expect(create?.doc.requestParams.map((r) => r.name)).toContain('photoUrls');
    expect(create?.doc.contentType).toBe('application/json');
    expect(tree.environments.map((e) => e.url)).toEqual(['http://petstore.swagger.io/v2']);
  });

  it('keeps untagged operations in the root and puts a two-tag operation once, in its first tag, with a note', () => {
    const tree = openApiToModel(
      spec({
        '/a': { get: { responses: {} } },
        '/b': { get: { tags: ['one', 'two'], responses: {} } },
        '/c': { get: { tags: ['two'], responses: {} } },
      }),
    );
    expect(tree.nodes.map((n) => (n.kind === 'folder' ? `folder:${n.name}` : `doc:${n.doc.url}`))).toEqual([
      'folder:one',
      'folder:two',
      'doc:/a',
    ]);
    const b = docsOf(tree).filter((d) => d.doc.url === '/b');
    expect(b).toHaveLength(1);
    expect(b[0]?.doc.description).toContain('also tagged two; shown under one only');
  });

  it('keeps required, example, default, format, maxLength, deprecated and sanitizable Markdown', () => {
    const tree = openApiToModel(
      spec({
        '/q/{id}': {
          get: {
            deprecated: true,
            description: '**Bold** text',
            parameters: [
              { name: 'id', in: 'path', schema: { type: 'integer', format: 'int64' }, example: 7 },
              {
                name: 'q',
                in: 'query',
                description: 'search *term*',
                schema: { type: 'string', maxLength: 20, default: 'x' },
              },
              { name: 'old', in: 'query', deprecated: true, schema: { type: 'string' } },
              { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
              { name: 'session', in: 'cookie', schema: { type: 'string' } },
            ],
            responses: {
              200: { description: 'ok' },
              404: { description: 'not *found*' },
              default: { description: 'error' },
            },
          },
        },
      }),
    );
    const doc = docsOf(tree)[0]?.doc;
    expect(doc?.deprecated).toBe('Deprecated');
    expect(doc?.description).toContain('<strong>Bold</strong>');
    expect(doc?.pathParams[0]).toMatchObject({
      name: 'id',
      type: 'number',
      required: true,
      example: '7',
      description: '(format: int64)',
    });
    expect(doc?.queryParams[0]).toMatchObject({ name: 'q', maxLength: '20', required: false });
    expect(doc?.queryParams[0]?.description).toBe('search <em>term</em> (default: x)');
    expect(doc?.queryParams[1]?.description).toContain('deprecated');
    expect(doc?.headerParams.map((r) => r.name)).toEqual(['X-Trace', 'session']);
    expect(doc?.headerParams[1]?.description).toContain('cookie');
    expect(doc?.errorCodeParams.map((c) => [c.code, c.description])).toEqual([
      ['404', 'not <em>found</em>'],
      ['default', 'error'],
    ]);
  });

  it('maps multipart bodies with file fields and form bodies', () => {
    const doc = docsOf(
      openApiToModel(
        spec({
          '/f': {
            post: {
              requestBody: {
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      properties: {
                        file: { type: 'string', format: 'binary' },
                        files: { type: 'array', items: { type: 'string', format: 'binary' } },
                        note: { type: 'string' },
                      },
                    },
                  },
                },
              },
              responses: {},
            },
          },
        }),
      ),
    )[0]?.doc;
    expect(doc?.contentType).toBe('multipart/form-data');
    expect(doc?.requestParams.map((r) => [r.name, r.type])).toEqual([
      ['file', 'file'],
      ['files', 'file[]'],
      ['note', 'string'],
    ]);
  });

  it('turns server variables into environments and refuses nothing relative silently', () => {
    const tree = openApiToModel(
      spec(
        {},
        {
          servers: [
            {
              url: 'https://{region}.example.com/v1/',
              description: 'Prod',
              variables: { region: { default: 'eu' } },
            },
            { url: '/relative' },
          ],
        },
      ),
    );
    expect(tree.environments).toEqual([{ name: 'Prod', url: 'https://eu.example.com/v1', isPublic: true }]);
    expect(tree.warnings.join('\n')).toContain('server "/relative" is relative');
    const fetched = openApiToModel(spec({}, { servers: [{ url: '/relative' }] }), {
      sourceUrl: 'https://h.example/spec/openapi.json',
    });
    expect(fetched.environments[0]?.url).toBe('https://h.example/relative');
  });

  it('names dictionaries the same whatever order the operations come in', () => {
    const paths = {
      '/a': {
        get: {
          parameters: [{ name: 'kind', in: 'query', schema: { type: 'string', enum: ['x', 'y'] } }],
          responses: {},
        },
      },
      '/b': {
        get: {
          parameters: [{ name: 'kind', in: 'query', schema: { type: 'string', enum: ['p', 'q'] } }],
          responses: {},
        },
      },
      '/c': {
        get: {
          parameters: [{ name: 'color', in: 'query', schema: { $ref: '#/components/schemas/Color' } }],
          responses: {},
        },
      },
    };
    const components = { schemas: { Color: { type: 'string', enum: ['red', 'blue'] } } };
    const forward = openApiToModel(spec(paths, { components }));
    const reversed = openApiToModel(
      spec(Object.fromEntries(Object.entries(paths).reverse()), { components }),
    );
    const names = (tree: ReturnType<typeof openApiToModel>) => tree.enums.map((e) => e.name).sort();
    expect(names(forward)).toEqual(['Color', 'kind (p|q)', 'kind (x|y)']);
    expect(names(reversed)).toEqual(names(forward));
    const linkOf = (tree: ReturnType<typeof openApiToModel>, url: string) =>
      docsOf(tree).find((d) => d.doc.url === url)?.enumLinks?.['queryParams.0'];
    expect(linkOf(forward, '/a')).toBe('kind (x|y)');
    expect(linkOf(reversed, '/a')).toBe('kind (x|y)');
    expect(linkOf(forward, '/c')).toBe('Color');
  });

  it('keeps a description, example and default written beside a $ref (OpenAPI 3.1)', () => {
    const tree = openApiToModel(
      spec(
        {
          '/p': {
            post: {
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        owner: { $ref: '#/components/schemas/User', description: 'Who owns it' },
                        size: { $ref: '#/components/schemas/Size', default: 'M' },
                      },
                    },
                  },
                },
              },
              responses: {},
            },
          },
        },
        {
          openapi: '3.1.0',
          components: {
            schemas: {
              User: { type: 'object', description: 'A user', properties: { id: { type: 'string' } } },
              Size: { type: 'string' },
            },
          },
        },
      ),
    );
    const rows = docsOf(tree)[0]?.doc.requestParams ?? [];
    expect(rows.map((r) => [r.name, r.description, r.children.length])).toEqual([
      ['owner', 'Who owns it', 1],
      ['size', '(default: M)', 0],
    ]);
  });

  it('fills row examples from whole-body examples of requests and responses', () => {
    const tree = openApiToModel(
      spec({
        '/o': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      sku: { type: 'string' },
                      qty: { type: 'integer', example: 9 },
                      ship: { type: 'object', properties: { city: { type: 'string' } } },
                    },
                  },
                  examples: { one: { value: { sku: 'A-1', qty: 2, ship: { city: 'Oslo' } } } },
                },
              },
            },
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          id: { type: 'integer' },
                          tags: { type: 'array', items: { type: 'string' } },
                        },
                      },
                    },
                    example: [{ id: 7, tags: ['a', 'b'] }],
                  },
                },
              },
            },
          },
        },
      }),
    );
    const doc = docsOf(tree)[0]?.doc;
    expect(doc?.requestParams.map((r) => [r.name, r.example])).toEqual([
      ['sku', 'A-1'],
      ['qty', '9'],
      ['ship', ''],
    ]);
    expect(doc?.requestParams[2]?.children[0]?.example).toBe('Oslo');
    expect(doc?.responseParams.map((r) => [r.name, r.example])).toEqual([
      ['id', '7'],
      ['tags', '["a","b"]'],
    ]);
  });

  it('warns about what it cannot import instead of dropping it silently', () => {
    const tree = openApiToModel(
      spec({
        '/remote': { $ref: './paths/remote.yaml' },
        '/t': {
          trace: { responses: {} },
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': { schema: { $ref: 'https://example.com/schemas.json#/User' } },
                },
              },
            },
          },
        },
      }),
    );
    expect(docsOf(tree).map((d) => `${d.doc.httpMethod} ${d.doc.url}`)).toEqual(['GET /t']);
    const warnings = tree.warnings.join('\n');
    expect(warnings).toContain('/remote: skipped, its path item could not be read');
    expect(warnings).toContain('TRACE /t');
    expect(warnings).toContain('https://example.com/schemas.json#/User could not be resolved');
  });

  it('says a security requirement names an undefined scheme, instead of calling its type unknown', () => {
    // The shape of a real Swagger 2 file: `security: [{Bearer: [...]}]` with no securityDefinitions at all.
    const tree = openApiToModel({
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/list': { get: { security: [{ Bearer: ['Role'] }], responses: { 200: { description: 'ok' } } } },
      },
    });
    expect(docsOf(tree)[0]?.doc.headerParams).toEqual([]);
    expect(tree.warnings).toContain(
      'security scheme Bearer is used but not defined, not shown as a parameter',
    );
    expect(tree.warnings.join('\n')).not.toContain('unknown type');
  });

  it('refuses what is not an API description', () => {
    for (const value of [
      { info: {} },
      [],
      'text',
      42,
      null,
      { openapi: '2.5' },
      { swagger: '1.2' },
      { openapi: '3.0.0', paths: [] },
    ]) {
      expect(() => openApiToModel(value)).toThrow(ImportError);
    }
  });
});
