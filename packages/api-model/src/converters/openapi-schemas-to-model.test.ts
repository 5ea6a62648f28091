import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ApiDocSchema } from '../model/api-doc.ts';
import { DocLimits } from '../model/constants.ts';
import { openApiToModel } from './openapi-to-model.ts';
import { parseApiText } from './parse-text.ts';
import { depthOf, docsOf } from './test-support/tree-walk.ts';

const require = createRequire(import.meta.url);
const examples = (file: string) => readFileSync(require.resolve(`@readme/oas-examples/${file}`), 'utf8');

function spec(paths: object, extra: object = {}) {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...extra };
}

/** How schemas become rows: references, composition, depth and the row limit. */
describe('openApiToModel schemas', () => {
  it('cuts circular references with a marker instead of recursing', () => {
    const tree = openApiToModel(
      spec(
        {
          '/n': {
            get: {
              responses: {
                200: {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
                },
              },
            },
          },
        },
        {
          components: {
            schemas: {
              Node: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  next: { $ref: '#/components/schemas/Node' },
                  kids: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
                },
              },
            },
          },
        },
      ),
    );
    const rows = docsOf(tree)[0]?.doc.responseParams ?? [];
    expect(rows.map((r) => [r.name, r.children.length])).toEqual([
      ['name', 0],
      ['next', 0],
      ['kids', 0],
    ]);
    expect(rows[1]?.description).toContain('circular reference to Node');
    expect(rows[2]?.description).toContain('circular reference to Node');
  });

  it('survives the circular examples of @readme/oas-examples', () => {
    for (const file of [
      '3.0/json/schema-circular.json',
      '2.0/json/schema-circular.json',
      '3.1/json/schema-types.json',
    ]) {
      const tree = openApiToModel(parseApiText(examples(file)));
      expect(docsOf(tree).length).toBeGreaterThan(0);
      expect(JSON.stringify(tree)).toContain('circular reference');
    }
  });

  it('merges allOf and keeps oneOf alternatives in the description with the first variant as rows', () => {
    const tree = openApiToModel(
      spec(
        {
          '/p': {
            post: {
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      allOf: [
                        { $ref: '#/components/schemas/Base' },
                        { type: 'object', required: ['extra'], properties: { extra: { type: 'integer' } } },
                      ],
                    },
                  },
                },
              },
              responses: {
                201: {
                  description: 'made',
                  content: {
                    'application/json': {
                      schema: {
                        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
                      },
                    },
                  },
                },
              },
            },
          },
        },
        {
          components: {
            schemas: {
              Base: {
                type: 'object',
                required: ['id'],
                properties: { id: { type: 'string', maxLength: 36 } },
              },
              Cat: { type: 'object', properties: { meow: { type: 'boolean' } } },
              Dog: { type: 'object', properties: { bark: { type: 'boolean' } } },
            },
          },
        },
      ),
    );
    const doc = docsOf(tree)[0]?.doc;
    expect(doc?.requestParams.map((r) => [r.name, r.type, r.required, r.maxLength])).toEqual([
      ['id', 'string', true, '36'],
      ['extra', 'number', true, '-'],
    ]);
    expect(doc?.responseParams.map((r) => r.name)).toEqual(['meow']);
    expect(doc?.description).toContain('body is one of: Cat | Dog (first shown)');
  });

  it('reads a oneOf/anyOf of bare required lists as a rule in words, making no field required alone', () => {
    // The shape of GitHub's "PUT /repos/{owner}/{repo}/pages": send at least one of these fields.
    const tree = openApiToModel(
      spec({
        '/pages': {
          put: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      cname: { type: 'string' },
                      build_type: { type: 'string' },
                      source: {
                        type: 'object',
                        properties: { branch: { type: 'string' }, path: { type: 'string' } },
                        oneOf: [{ required: ['branch'] }, { required: ['branch', 'path'] }],
                      },
                    },
                    anyOf: [{ required: ['build_type'] }, { required: ['source'] }, { required: ['cname'] }],
                  },
                },
              },
            },
            responses: { 204: { description: 'done' } },
          },
        },
      }),
    );
    const doc = docsOf(tree)[0]?.doc;
    expect(doc?.requestParams.map((r) => [r.name, r.required])).toEqual([
      ['cname', false],
      ['build_type', false],
      ['source', false],
    ]);
    expect(doc?.requestParams[2]?.children.map((r) => [r.name, r.required])).toEqual([
      ['branch', false],
      ['path', false],
    ]);
    expect(doc?.description).toContain('body: at least one of build_type | source | cname is required');
    expect(doc?.description).not.toContain('one of: schema');
    expect(doc?.requestParams[2]?.description).toContain('exactly one of branch | branch + path is required');
  });

  it('caps a 10,000-level schema at the model depth with a marker, without overflowing the stack', () => {
    // Built as text: serializing 10,000 nested objects would itself overflow the test's stack.
    const schema = `${'{"type":"object","properties":{"d":'.repeat(10_000)}{"type":"string"}${'}}'.repeat(10_000)}`;
    const text = `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/deep":{"post":{"requestBody":{"content":{"application/json":{"schema":${schema}}}},"responses":{}}}}}`;
    const doc = docsOf(openApiToModel(parseApiText(text)))[0]?.doc;
    expect(doc && depthOf(doc.requestParams)).toBe(DocLimits.depthMax);
    expect(JSON.stringify(doc)).toContain(`nested deeper than ${DocLimits.depthMax} levels`);
    expect(doc && ApiDocSchema.safeParse(doc).success).toBe(true);
  });

  it('shows a schema met more than 24 times in one doc by reference, keeping every top-level property of both bodies', () => {
    // The shape of an NSwag description (a DTO whose first property fans out into tens of thousands of rows):
    // building depth first used to spend the whole budget on that property, dropping the later properties
    // and the entire response body while the warning claimed only the deepest rows were cut.
    const fan = (next: string | null) => ({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [
          `p${i}`,
          next ? { $ref: `#/components/schemas/${next}` } : { type: 'string' },
        ]),
      ),
    });
    const body = { $ref: '#/components/schemas/Body' };
    const tree = openApiToModel({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/big': {
          put: {
            requestBody: { content: { 'application/json': { schema: body } } },
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: body } } } },
          },
        },
      },
      components: {
        schemas: {
          Body: {
            type: 'object',
            required: ['last'],
            properties: { big: { $ref: '#/components/schemas/Fan1' }, last: { type: 'integer' } },
          },
          Fan1: fan('Fan2'),
          Fan2: fan('Fan3'),
          Fan3: fan(null),
        },
      },
    });
    const doc = docsOf(tree)[0]?.doc;
    if (!doc) throw new Error('no doc');
    for (const table of [doc.requestParams, doc.responseParams]) {
      expect(table.map((r) => [r.name, r.type])).toEqual([
        ['big', 'object'],
        ['last', 'number'],
      ]);
      // The first level under `big` is whole in both bodies.
      expect(table[0]?.children).toHaveLength(40);
      expect(table[0]?.children.every((r) => r.children.length === 40 || r.children.length === 0)).toBe(true);
    }
    expect(doc.requestParams[1]?.required).toBe(true);
    // Fan2 is met 80 times: 24 copies are expanded, the later ones are reference rows naming it.
    const fanRows = doc.requestParams[0]?.children ?? [];
    expect(fanRows.filter((r) => r.children.length === 40)).toHaveLength(24);
    expect(fanRows.at(-1)?.description).toMatch(/same fields as Fan2 above/);
    expect(tree.warnings.join('\n')).toMatch(/PUT \/big: .*Fan2.* repeated more than 24 times/);
    expect(ApiDocSchema.safeParse(doc).success).toBe(true);
  });
});
