import { describe, expect, it } from 'vitest';
import { importParamText } from './import-param-text.ts';
import { DocLimits } from './model/constants.ts';
import type { ParamRow } from './model/param.ts';

function shape(rows: ParamRow[]): unknown {
  return rows.map((r) =>
    r.children.length ? [r.name, r.type, shape(r.children)] : [r.name, r.type, r.example],
  );
}

function ok(text: string) {
  const result = importParamText(text);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

function refused(text: string): string {
  const result = importParamText(text);
  if (result.ok) throw new Error('accepted');
  return result.message;
}

describe('importParamText', () => {
  it('reads a JSON sample through inferParams, root arrays included', () => {
    const result = ok(' {"id": 1, "user": {"name": "Ann"}} ');
    expect(result.format).toBe('json');
    expect(shape(result.params)).toEqual([
      ['id', 'number', '1'],
      ['user', 'object', [['name', 'string', 'Ann']]],
    ]);
    expect(ok('[{"a": true}]')).toMatchObject({ isArray: true, arrayType: 'object', format: 'json' });
    expect(refused('[]')).toBe('validation.root_array');
    expect(refused('{"a": ')).toBe('validation.json_sample');
  });

  it("reads Postman's bulk edit and a header block copied from devtools, skipping disabled rows and the request line", () => {
    const result = ok(
      [
        'GET /api/orders?page=1 HTTP/1.1',
        'Host: api.example.com:8080',
        'Authorization: Basic dXNlcjpwYXNz==',
        '//X-Disabled: 1',
        '',
        'X-Retry:3',
        'Accept-Encoding: gzip, deflate',
        'host: duplicate-kept-first',
      ].join('\r\n'),
    );
    expect(result.format).toBe('lines');
    expect(shape(result.params)).toEqual([
      ['Host', 'string', 'api.example.com:8080'],
      ['Authorization', 'string', 'Basic dXNlcjpwYXNz=='],
      ['X-Retry', 'number', '3'],
      ['Accept-Encoding', 'string', 'gzip, deflate'],
      ['host', 'string', 'duplicate-kept-first'],
    ]);
    expect(result.params[0]).toMatchObject({ required: true, maxLength: '64', description: '' });
  });

  it('reads key=value lines and tab-separated columns copied from a table', () => {
    expect(shape(ok('page=1\nsize=20\nurl=http://a/b?c=d').params)).toEqual([
      ['page', 'number', '1'],
      ['size', 'number', '20'],
      ['url', 'string', 'http://a/b?c=d'],
    ]);
    expect(shape(ok('name\tAnn\nactive\ttrue').params)).toEqual([
      ['name', 'string', 'Ann'],
      ['active', 'boolean', 'true'],
    ]);
  });

  it('reads form-urlencoded bodies, query strings and whole URLs: decoded, arrays and nested keys', () => {
    const body = ok('a=1&b=hello+world&c=%E4%BD%A0%E5%A5%BD&flag&ids[]=1&ids[]=2&user[name]=Ann&user.age=30');
    expect(body.format).toBe('form');
    expect(shape(body.params)).toEqual([
      ['a', 'number', '1'],
      ['b', 'string', 'hello world'],
      ['c', 'string', '你好'],
      ['flag', 'string', ''],
      ['ids', 'num_array', '["1","2"]'],
      [
        'user',
        'object',
        [
          ['name', 'string', 'Ann'],
          ['age', 'number', '30'],
        ],
      ],
    ]);
    expect(shape(ok('https://api.example.com/orders?status=paid&page=2#top').params)).toEqual([
      ['status', 'string', 'paid'],
      ['page', 'number', '2'],
    ]);
    expect(shape(ok('?q=x').params)).toEqual([['q', 'string', 'x']]);
  });

  it('refuses what it cannot read, naming the line or the pair', () => {
    expect(refused('   \n ')).toBe('validation.param_text');
    expect(refused('Host: a\njust some words\n')).toBe('validation.param_line|2');
    expect(refused('Content-Type: json\nbad name: 1')).toBe('validation.param_name_line|2|bad name');
    expect(refused('a=1&b%ZZ=2')).toBe('validation.param_encoding|b%ZZ=2');
    expect(refused('a=1&b c=2')).toBe('validation.param_name|b c');
    expect(refused('https://example.com/no-query')).toBe('validation.param_text');
    expect(refused('# only a comment')).toBe('validation.param_text');
  });

  it('stops at the row limit', () => {
    const many = Array.from({ length: DocLimits.rowsMax + 1 }, (_, i) => `k${i}=1`).join('&');
    expect(refused(many)).toBe(`validation.rows_max|${DocLimits.rowsMax}`);
  });

  it('gives rows ids when asked', () => {
    let n = 0;
    const result = importParamText('a: 1\nb: 2', { newId: () => `id${++n}` });
    expect(result.ok && result.params.map((r) => r.id)).toEqual(['id1', 'id2']);
  });
});
