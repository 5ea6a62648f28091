import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { newApiDoc } from '../../model/api-doc.ts';
import type { ParamRow } from '../../model/param.ts';
import type { SourceDocNode } from '../../sync/source-tree.ts';
import { openApiToModel } from '../openapi-to-model.ts';
import { docsOf } from '../test-support/tree-walk.ts';
import { exportFixture } from './export-fixture.ts';
import { exportOpenApi, openApiPath, openApiText } from './to-openapi.ts';

/** What a round trip must keep of a row. */
function shape(rows: ReadonlyArray<ParamRow>): unknown[] {
  return rows.map((r) => ({ name: r.name, type: r.type, required: r.required, children: shape(r.children) }));
}

describe('exportOpenApi', () => {
  const source = exportFixture();
  const { document } = exportOpenApi(source);

  it('is valid OpenAPI 3.1 as JSON and as YAML', async () => {
    const json = await validate(JSON.parse(openApiText(document, 'json')));
    expect(json.valid, JSON.stringify(json.valid ? [] : json.errors)).toBe(true);
    const yaml = await validate(parse(openApiText(document, 'yaml')));
    expect(yaml.valid).toBe(true);
  });

  it('turns folders into tags, dictionaries into enum schemas and environments into servers', () => {
    expect(document.tags).toEqual([{ name: 'Orders' }, { name: 'Orders / Files' }]);
    expect(document.servers).toEqual([
      { url: 'http://127.0.0.1:7901', description: 'dev' },
      { url: 'https://api.example.test/v1', description: 'prod' },
    ]);
    expect(document.components).toMatchObject({
      schemas: { OrderStatus: { type: 'string', enum: ['NEW', 'PAID'] } },
    });
  });

  it('imports back into the same docs, params and types', () => {
    const tree = openApiToModel(JSON.parse(openApiText(document, 'json')));
    const before = docsOf(source.nodes).filter((d) => d.doc.type === 0);
    const after = docsOf(tree);
    expect(after.map((d) => `${d.doc.httpMethod} ${d.doc.url} ${d.doc.name}`)).toEqual(
      before.map((d) => `${d.doc.httpMethod} ${d.doc.url} ${d.doc.name}`),
    );
    for (const [i, d] of after.entries()) {
      const original = before[i]?.doc;
      if (!original) throw new Error('missing doc');
      for (const table of [
        'pathParams',
        'headerParams',
        'queryParams',
        'requestParams',
        'responseParams',
      ] as const)
        expect(shape(d.doc[table]), `${d.doc.name} ${table}`).toEqual(shape(original[table]));
      expect(d.doc.contentType).toBe(
        original.contentType || (original.requestParams.length ? 'application/json' : ''),
      );
    }
    expect(after[0]?.enumLinks).toEqual({ 'responseParams.1': 'OrderStatus' });
    expect(tree.enums.map((e) => [e.name, e.items.map((i) => i.value)])).toEqual([
      ['OrderStatus', ['NEW', 'PAID']],
    ]);
    expect(after[0]?.doc.errorCodeParams.map((e) => e.code)).toEqual(['404']);
  });

  it('writes path keys OpenAPI accepts from the URLs docs hold', () => {
    expect(openApiPath('http://h:1/a/:id?x=1')).toBe('/a/{id}');
    expect(openApiPath('users/$' + '{uid}#v2')).toBe('/users/{uid}');
  });

  it('leaves out a second doc on the same method and path, with a warning', () => {
    const twice = exportFixture();
    const first = twice.nodes[0];
    if (first?.kind !== 'folder') throw new Error('fixture');
    first.children.push({ ...first.children[0] } as (typeof first.children)[number]);
    const result = exportOpenApi(twice);
    expect(result.warnings).toHaveLength(1);
  });
});

describe('exportOpenApi round trip of paths differing after #', () => {
  it('keeps every operation of one method and path told apart by a fragment (Box)', async () => {
    const doc = (name: string, url: string): SourceDocNode => ({
      kind: 'doc',
      doc: newApiDoc(name, { url, httpMethod: 'PUT', pathParams: [{ name: 'file_id' }] }),
    });
    const nodes = [
      doc('Update file', '/files/{file_id}'),
      doc('Add shared link', '/files/{file_id}#add_shared_link'),
      doc('Remove shared link', '/files/{file_id}#remove_shared_link'),
    ];
    const { document, warnings } = exportOpenApi({ title: 'Box', nodes, enums: [], environments: [] });
    expect(warnings).toEqual([]);
    expect(Object.keys(document.paths as object)).toEqual([
      '/files/{file_id}',
      '/files/{file_id}#add_shared_link',
      '/files/{file_id}#remove_shared_link',
    ]);
    const valid = await validate(JSON.parse(openApiText(document, 'json')));
    expect(valid.valid).toBe(true);
    const back = docsOf(openApiToModel(JSON.parse(openApiText(document, 'json'))));
    expect(back.map((d) => d.doc.url)).toEqual(nodes.map((n) => n.doc.url));
  });
});
