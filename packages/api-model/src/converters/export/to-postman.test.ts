import { Collection } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { postmanToModel } from '../postman-to-model.ts';
import { docsOf } from '../test-support/tree-walk.ts';
import { exportFixture } from './export-fixture.ts';
import { exportPostman, POSTMAN_SCHEMA } from './to-postman.ts';

describe('exportPostman', () => {
  const collection = exportPostman(exportFixture());

  it("is read by Postman's own library: folders as item groups, environments as variables", () => {
    const parsed = new Collection(JSON.parse(JSON.stringify(collection)));
    expect(parsed.name).toBe('Shop');
    const orders = parsed.items.idx(0) as unknown as Collection;
    expect(orders.name).toBe('Orders');
    const names: string[] = [];
    parsed.forEachItem((item) => {
      names.push(`${item.request.method} /${item.request.url.path?.join('/')} ${item.name}`);
    });
    expect(names).toEqual([
      'GET /orders/:id Get order',
      'POST /orders Create order',
      'POST /files Upload file',
    ]);
    expect(parsed.variables.toObject()).toEqual({
      baseUrl: 'http://127.0.0.1:7901',
      env_dev: 'http://127.0.0.1:7901',
      env_prod: 'https://api.example.test/v1',
    });
    expect((collection.info as { schema: string }).schema).toBe(POSTMAN_SCHEMA);
  });

  it('carries headers, query, path variables and bodies', () => {
    const parsed = new Collection(JSON.parse(JSON.stringify(collection)));
    const requests = new Map<string, ReturnType<typeof parsed.items.idx>>();
    parsed.forEachItem((item) => {
      requests.set(item.name, item);
    });
    const get = requests.get('Get order') as unknown as { request: import('postman-collection').Request };
    expect(get.request.headers.get('X-Tenant')).toBe('t1');
    expect(get.request.url.variables.get('id')).toBe('42');
    expect(get.request.url.query.map((q) => q.key)).toEqual(['fields']);
    const create = requests.get('Create order') as unknown as {
      request: import('postman-collection').Request;
    };
    expect(JSON.parse(create.request.body?.raw ?? '')).toEqual({
      note: 'hello',
      lines: [{ sku: 'string', qty: 2 }],
    });
    const upload = requests.get('Upload file') as unknown as {
      request: import('postman-collection').Request;
    };
    expect(upload.request.body?.mode).toBe('formdata');
  });

  it('imports back through the Postman converter', () => {
    const tree = postmanToModel(JSON.parse(JSON.stringify(collection)));
    expect(docsOf(tree).map((d) => d.doc.name)).toEqual(['Get order', 'Create order', 'Upload file']);
  });

  it('leaves the host out when asked (the public token download)', () => {
    const bare = exportPostman(exportFixture(), { withHost: false });
    expect(bare.variable).toBeUndefined();
    expect(JSON.stringify(bare)).not.toContain('{{baseUrl}}');
  });
});
