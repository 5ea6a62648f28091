/** A small application for the exporter tests: nested folders, nested rows, a linked dictionary, a Markdown doc. */
import type { ParamRow } from '../../model/param.ts';
import { docOf } from '../doc-node.ts';
import type { ExportSource } from './export-source.ts';

export function row(name: string, type: ParamRow['type'], extra: Partial<ParamRow> = {}): ParamRow {
  return {
    id: '',
    name,
    type,
    required: true,
    maxLength: '64',
    example: '',
    description: '',
    enumId: '',
    enumContent: '',
    children: [],
    ...extra,
  };
}

export function exportFixture(): ExportSource {
  const getOrder = docOf({
    name: 'Get order',
    url: '/orders/{id}',
    httpMethod: 'GET',
    author: 'ann',
    description: '<p>Reads one order | with a pipe</p>',
    pathParams: [row('id', 'number', { example: '42', description: 'order id' })],
    headerParams: [row('X-Tenant', 'string', { example: 't1' })],
    queryParams: [row('fields', 'str_array', { required: false })],
    responseParams: [
      row('id', 'number', { example: '42' }),
      row('status', 'enum', { description: 'state' }),
      row('items', 'array', {
        children: [row('sku', 'string', { example: 'A-1' }), row('qty', 'number', { required: false })],
      }),
      row('buyer', 'object', { children: [row('name', 'string', { example: 'Bob' })] }),
    ],
    errorCodeParams: [
      { id: '', code: '404', description: 'no such order', solution: '' },
      { id: '', code: '10001', description: 'order locked', solution: 'retry later' },
    ],
  });
  const createOrder = docOf({
    name: 'Create order',
    url: '/orders',
    httpMethod: 'POST',
    contentType: 'application/json',
    requestParams: [
      row('note', 'string', { required: false, example: 'hello' }),
      row('lines', 'array', { children: [row('sku', 'string'), row('qty', 'number', { example: '2' })] }),
    ],
    responseParams: [row('id', 'number')],
  });
  const upload = docOf({
    name: 'Upload file',
    url: '/files',
    httpMethod: 'POST',
    contentType: 'multipart/form-data',
    requestParams: [row('file', 'file'), row('title', 'string', { required: false })],
  });
  const guide = docOf({
    name: 'Guide',
    type: 3,
    httpMethod: '',
    url: '',
    description: '# Hello\n\nSome text.',
  });
  return {
    title: 'Shop',
    nodes: [
      {
        kind: 'folder',
        name: 'Orders',
        children: [
          { kind: 'doc', doc: getOrder, enumLinks: { 'responseParams.1': 'OrderStatus' } },
          { kind: 'doc', doc: createOrder },
          { kind: 'folder', name: 'Files', children: [{ kind: 'doc', doc: upload }] },
        ],
      },
      { kind: 'doc', doc: guide },
    ],
    enums: [
      {
        name: 'OrderStatus',
        description: 'state of an order',
        items: [
          { name: 'NEW', type: 'string', value: 'NEW', description: 'just placed' },
          { name: 'PAID', type: 'string', value: 'PAID', description: '' },
        ],
      },
    ],
    environments: [
      { name: 'dev', url: 'http://127.0.0.1:7901' },
      { name: 'prod', url: 'https://api.example.test/v1' },
    ],
  };
}
