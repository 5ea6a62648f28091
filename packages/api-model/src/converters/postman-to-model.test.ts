import { describe, expect, it } from 'vitest';
import { ApiDocSchema } from '../model/api-doc.ts';
import { ImportError } from './import-error.ts';
import { postmanToModel } from './postman-to-model.ts';
import { docsOf } from './test-support/tree-walk.ts';

const collection = {
  info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  variable: [
    { key: 'baseUrl', value: 'https://api.shop.example/v1/' },
    { key: 'token', value: 'secret' },
  ],
  item: [
    {
      name: 'Users',
      description: 'People who *buy*',
      item: [
        {
          name: 'Get user',
          request: {
            method: 'GET',
            header: [{ key: 'X-Tenant', value: 'acme', description: 'tenant' }],
            url: {
              raw: '{{baseUrl}}/users/:id?expand=orders',
              host: ['{{baseUrl}}'],
              path: ['users', ':id'],
              query: [{ key: 'expand', value: 'orders', description: 'what to include' }],
              variable: [{ key: 'id', value: '42', description: 'user id' }],
            },
            auth: { type: 'bearer' },
          },
          response: [
            {
              name: 'found',
              code: 200,
              body: '{"id": 42, "name": "Ann", "tags": ["a"], "address": {"city": "Oslo"}}',
            },
            { name: 'missing', code: 404, body: '{"error": "not found"}' },
          ],
        },
      ],
    },
    {
      name: 'Create order',
      request: {
        method: 'POST',
        url: '{{baseUrl}}/orders',
        body: { mode: 'raw', raw: '[{"sku": "A1", "qty": {{qty}}}]', options: { raw: { language: 'json' } } },
      },
    },
    {
      name: 'Upload avatar',
      request: {
        method: 'POST',
        url: 'https://files.shop.example/avatars',
        body: {
          mode: 'formdata',
          formdata: [
            { key: 'file', type: 'file', src: '/tmp/a.png' },
            { key: 'caption', type: 'text', value: 'me' },
          ],
        },
      },
    },
    {
      name: 'Login',
      request: {
        method: 'POST',
        url: '{{baseUrl}}/login',
        body: { mode: 'urlencoded', urlencoded: [{ key: 'user', value: 'ann' }] },
      },
    },
  ],
};

describe('postmanToModel', () => {
  it('maps folders, requests, path variables, query, headers, bodies, examples and variables', () => {
    const tree = postmanToModel(collection);
    expect(tree.nodes.map((n) => (n.kind === 'folder' ? `folder:${n.name}` : n.doc.name))).toEqual([
      'folder:Users',
      'Create order',
      'Upload avatar',
      'Login',
    ]);
    const docs = docsOf(tree);
    const get = docs[0]?.doc;
    expect(get).toMatchObject({ httpMethod: 'GET', url: '/users/{id}' });
    expect(get?.pathParams.map((r) => [r.name, r.example])).toEqual([['id', '42']]);
    expect(get?.queryParams.map((r) => [r.name, r.example])).toEqual([['expand', 'orders']]);
    expect(get?.headerParams.map((r) => r.name)).toEqual(['X-Tenant', 'Authorization']);
    expect(get?.responseParams.map((r) => [r.name, r.type])).toEqual([
      ['id', 'number'],
      ['name', 'string'],
      ['tags', 'str_array'],
      ['address', 'object'],
    ]);
    expect(get?.errorCodeParams.map((c) => c.code)).toEqual(['404']);
    const order = docs[1]?.doc;
    expect(order).toMatchObject({ url: '/orders', contentType: 'application/json', isRequestArray: true });
    expect(order?.requestParams.map((r) => r.name)).toEqual(['sku', 'qty']);
    const upload = docs[2]?.doc;
    expect(upload?.contentType).toBe('multipart/form-data');
    expect(upload?.requestParams.map((r) => [r.name, r.type])).toEqual([
      ['file', 'file'],
      ['caption', 'string'],
    ]);
    expect(docs[3]?.doc.contentType).toBe('application/x-www-form-urlencoded');
    expect(tree.environments).toEqual([
      { name: 'baseUrl', url: 'https://api.shop.example/v1', isPublic: true },
      { name: 'files.shop.example', url: 'https://files.shop.example', isPublic: true },
    ]);
    for (const node of docs) expect(ApiDocSchema.safeParse(node.doc).success).toBe(true);
  });

  it('folds requests saved twice with the same method and URL into the first, keeping their examples', () => {
    const tree = postmanToModel({
      info: { name: 'Auth', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        {
          name: 'Login',
          request: { method: 'POST', url: '{{baseUrl}}/login' },
          response: [{ name: 'ok', code: 200, body: '{"token":"t"}' }],
        },
        {
          name: 'Login - wrong password',
          request: { method: 'POST', url: '{{baseUrl}}/login', description: 'Answers 401' },
          response: [{ name: 'refused', code: 401, body: '{"error":"bad"}' }],
        },
      ],
    });
    const docs = docsOf(tree);
    expect(docs).toHaveLength(1);
    expect(docs[0]?.doc.description).toContain('also saved as &#34;Login - wrong password&#34;');
    expect(docs[0]?.doc.description).toContain('Answers 401');
    expect(docs[0]?.doc.errorCodeParams.map((c) => c.code)).toEqual(['401']);
    expect(docs[0]?.doc.responseParams.map((r) => r.name)).toEqual(['token']);
    expect(tree.warnings.join('\n')).toContain('folded into it');
  });

  it('refuses what is not a collection and v1 collections', () => {
    expect(() => postmanToModel({ openapi: '3.0.0' })).toThrow(ImportError);
    expect(() =>
      postmanToModel({
        info: { schema: 'https://schema.getpostman.com/json/collection/v1.0.0/collection.json' },
        item: [],
      }),
    ).toThrow(expect.objectContaining({ key: 'unsupported_version' }));
  });
});
