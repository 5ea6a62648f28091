import { describe, expect, it } from 'vitest';
import { docOf } from '../doc-node.ts';
import { row } from './export-fixture.ts';
import { docModelMarkdown } from './to-model-markdown.ts';

describe('docModelMarkdown', () => {
  const doc = docOf({
    name: 'Create order',
    url: '/orders/{id}',
    httpMethod: 'POST',
    author: 'ann',
    contentType: 'application/json',
    description: '<p>Creates an <b>order</b></p>',
    pathParams: [row('id', 'number', { example: '42', description: 'order id' })],
    requestParams: [
      row('status', 'enum', { enumContent: 'NEW,PAID', required: false }),
      row('kind', 'string', { enumId: 'e1' }),
      row('lines', 'array', { children: [row('sku', 'string', { example: 'A-1' })] }),
    ],
    responseParams: [row('id', 'number', { example: '7' })],
    errorCodeParams: [{ id: '', code: '10001', description: 'order locked', solution: 'retry later' }],
  });
  const md = docModelMarkdown(doc, {
    environments: [{ name: 'dev', url: 'http://127.0.0.1:7901/api', isPublic: true }],
    enumValues: (id) =>
      id === 'e1'
        ? [
            { value: 'A', description: 'first' },
            { value: 'B', description: '' },
          ]
        : undefined,
  });

  it('says the method, the URL per environment and the description as plain text', () => {
    expect(md.startsWith('## Create order\n')).toBe(true);
    expect(md).toContain('- dev: `POST` http://127.0.0.1:7901/api/orders/{id}');
    expect(md).toContain('Creates an order');
    expect(md).not.toContain('<b>');
    expect(md).not.toContain('ann');
  });

  it('lists params nested, with type, required, enums and examples', () => {
    expect(md).toContain('- `id` (required) — order id. Example: `42`');
    expect(md).toContain('- `status` (enum, optional). Enum: NEW, PAID');
    expect(md).toContain('- `kind` (string, required). Enum: A (first), B');
    expect(md).toContain('- `lines` (array, required)\n  - `sku` (string, required). Example: `A-1`');
    expect(md).toContain('- `10001` — order locked. Solution: retry later');
  });

  it('adds request and response examples', () => {
    expect(md).toMatch(/### Request example\n\n```json\n\{\n\s+"status"/);
    expect(md).toMatch(/### Response example\n\n```json\n\{\n\s+"id": 7/);
  });
});
