/**
 * Fidelity on real published descriptions (the whole of @readme/oas-examples, Swagger 2.0 to OpenAPI 3.1, JSON
 * and YAML): one doc per operation, every parameter of the source in the model, every doc valid for the model.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiDocSchema } from '../model/api-doc.ts';
import { DocLimits } from '../model/constants.ts';
import { isObject, RefResolver } from './openapi/refs.ts';
import { listOperations, openApiToModel } from './openapi-to-model.ts';
import { parseApiText } from './parse-text.ts';
import { docsOf, rowsOf } from './test-support/tree-walk.ts';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('@readme/oas-examples/package.json'));
const files = ['2.0', '3.0', '3.1'].flatMap((version) =>
  ['json', 'yaml'].flatMap((format) => {
    const dir = join(root, version, format);
    return readdirSync(dir)
      .filter((f) => f.endsWith(`.${format}`))
      .map((f) => `${version}/${format}/${f}`);
  }),
);

const TABLE_OF: Record<string, 'pathParams' | 'queryParams' | 'headerParams' | 'requestParams'> = {
  path: 'pathParams',
  query: 'queryParams',
  header: 'headerParams',
  cookie: 'headerParams',
  formData: 'requestParams',
};

describe('OpenAPI fidelity on @readme/oas-examples', () => {
  it('has a good number of real descriptions to read', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)('%s: one doc per operation, every parameter kept, every doc valid', (file) => {
    const spec = parseApiText(readFileSync(join(root, file), 'utf8'));
    if (!isObject(spec)) throw new Error('not an object');
    const tree = openApiToModel(spec);
    const docs = docsOf(tree);
    const operations = listOperations(spec);
    expect(docs.length).toBe(operations.length);
    const refs = new RefResolver(spec);
    for (const { path, method, op, pathItem } of operations) {
      const matches = docs.filter((d) => d.doc.url === path && d.doc.httpMethod === method);
      expect(matches, `${method} ${path}`).toHaveLength(1);
      const doc = matches[0]?.doc;
      if (!doc) continue;
      const params = [pathItem.parameters, op.parameters].flatMap((list) =>
        Array.isArray(list) ? list : [],
      );
      for (const raw of params) {
        const p = refs.resolve(raw).node;
        const table = TABLE_OF[String(p.in)];
        if (!table || typeof p.name !== 'string') continue;
        const names = doc[table].map((r) => r.name);
        expect(names, `${method} ${path} ${p.in} ${p.name}`).toContain(
          p.name.slice(0, DocLimits.paramNameMax),
        );
      }
      const body = refs.resolve(op.requestBody).node;
      const json = isObject(body.content) ? body.content['application/json'] : undefined;
      const schema = isObject(json) ? refs.resolve(json.schema).node : {};
      if (isObject(schema.properties) && !schema.allOf && !schema.oneOf && !schema.anyOf) {
        const names = new Set(rowsOf(doc).map((r) => r.name));
        for (const name of Object.keys(schema.properties))
          expect(names.has(name.slice(0, DocLimits.paramNameMax)), `${method} ${path} body ${name}`).toBe(
            true,
          );
      }
      const parsed = ApiDocSchema.safeParse(doc);
      expect(parsed.success, `${method} ${path}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
