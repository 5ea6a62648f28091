/**
 * Round trip on real published descriptions (@readme/oas-examples, OpenAPI 3.0 and 3.1): import, export to
 * OpenAPI 3.1, validate with a real validator, import again; the docs and their parameters must match.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import type { ApiDoc } from '../../model/api-doc.ts';
import type { ParamRow } from '../../model/param.ts';
import { openApiToModel } from '../openapi-to-model.ts';
import { parseApiText } from '../parse-text.ts';
import { docsOf } from '../test-support/tree-walk.ts';
import { exportOpenApi, openApiPath } from './to-openapi.ts';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('@readme/oas-examples/package.json'));
const files = ['3.0', '3.1'].flatMap((version) =>
  readdirSync(join(root, version, 'json'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${version}/json/${f}`),
);

/** Names and types of a row tree, all levels. */
function deep(rows: ReadonlyArray<ParamRow>): unknown[] {
  return rows.map((r) => [r.name, r.type, r.required, deep(r.children)]);
}

function distinct(rows: ReadonlyArray<ParamRow>, ignoreCase: boolean): ParamRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const name = ignoreCase ? r.name.toLowerCase() : r.name;
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

describe('OpenAPI export round trip on @readme/oas-examples', () => {
  it('has real descriptions to read', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)('%s: valid, and imports back into the same docs and params', async (file) => {
    const tree = openApiToModel(parseApiText(readFileSync(join(root, file), 'utf8')));
    const { document, warnings } = exportOpenApi({ title: file, ...tree });
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, String(JSON.stringify(result.valid ? [] : result.errors)).slice(0, 2000)).toBe(true);
    const again = openApiToModel(structuredClone(document));
    // Docs the export had to leave out (same method and path, e.g. after stripping a host) are the warnings.
    // What follows `#` tells operations of one method and path apart (the export keeps it).
    const key = (d: { doc: { httpMethod: string; url: string } }) =>
      `${d.doc.httpMethod} ${openApiPath(d.doc.url)}${d.doc.url.includes('#') ? d.doc.url.slice(d.doc.url.indexOf('#')) : ''}`;
    const before = new Map<string, ApiDoc>();
    for (const d of docsOf(tree)) if (!before.has(key(d))) before.set(key(d), d.doc);
    const after = docsOf(again);
    expect(after.length + warnings.length).toBe(docsOf(tree).length);
    for (const d of after) {
      const original = before.get(key(d));
      expect(original, key(d)).toBeDefined();
      if (!original) continue;
      expect(d.doc.name, key(d)).toBe(original.name);
      for (const table of ['requestParams', 'responseParams'] as const)
        expect(deep(d.doc[table]), `${key(d)} ${table}`).toEqual(deep(original[table]));
      // A source may name one parameter twice (two security schemes on one header): OpenAPI keeps one.
      for (const table of ['pathParams', 'queryParams', 'headerParams'] as const)
        expect(
          d.doc[table].map((r) => [r.name, r.type]),
          `${key(d)} ${table}`,
        ).toEqual(distinct(original[table], table === 'headerParams').map((r) => [r.name, r.type]));
    }
  });
});
