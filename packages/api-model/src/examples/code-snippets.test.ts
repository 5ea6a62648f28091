import { describe, expect, it } from 'vitest';
import type { ParamRow } from '../model/param.ts';
import { codeSnippet, pythonLiteral, SNIPPET_LANGUAGES, shellQuote } from './code-snippets.ts';
import { joinUrl, sampleRequestOf } from './request-sample.ts';

function row(name: string, type: ParamRow['type'], extra: Partial<ParamRow> = {}): ParamRow {
  return {
    id: name,
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

const ORDER = {
  httpMethod: 'POST',
  url: '/orders/{id}/items',
  contentType: 'application/json',
  pathParams: [row('id', 'number', { example: '42' })],
  headerParams: [row('X-Token', 'string', { example: "it's $(secret)" })],
  queryParams: [row('expand', 'string', { example: 'a b' })],
  requestParams: [
    row('sku', 'string', { example: 'A-1' }),
    row('count', 'number'),
    row('gift', 'boolean', { example: 'false' }),
    row('tags', 'str_array', { example: 'x,y' }),
    row('price', 'object', { children: [row('amount', 'number', { example: '9.5' })] }),
  ],
  isRequestArray: false,
};

describe('sample requests', () => {
  it('fills path params, appends the query and builds the JSON body from examples and type defaults', () => {
    const request = sampleRequestOf(ORDER, 'https://api.example.com/');
    expect(request.url).toBe('https://api.example.com/orders/42/items?expand=a%20b');
    expect(request.headers).toEqual([
      ['X-Token', "it's $(secret)"],
      ['Content-Type', 'application/json'],
    ]);
    expect(request.body).toEqual({
      kind: 'json',
      value: { sku: 'A-1', count: 0, gift: false, tags: ['x', 'y'], price: { amount: 9.5 } },
    });
  });

  it('sends no body on GET, a form body when the doc says so, and wraps a root array', () => {
    expect(sampleRequestOf({ ...ORDER, httpMethod: 'GET' }).body).toEqual({ kind: 'none' });
    const form = sampleRequestOf({ ...ORDER, contentType: 'application/x-www-form-urlencoded' });
    expect(form.body).toEqual({
      kind: 'form',
      fields: [
        ['sku', 'A-1'],
        ['count', '0'],
        ['gift', 'false'],
        ['tags', 'x,y'],
        ['price', '{"amount":9.5}'],
      ],
    });
    const list = sampleRequestOf({ ...ORDER, isRequestArray: true });
    expect(list.body).toMatchObject({ kind: 'json', value: [{ sku: 'A-1' }] });
  });

  it('joins base URLs and paths with one slash', () => {
    expect(joinUrl('http://h/', '/a')).toBe('http://h/a');
    expect(joinUrl('http://h', 'a')).toBe('http://h/a');
    expect(joinUrl('', '/a')).toBe('/a');
  });
});

describe('code snippets', () => {
  const request = sampleRequestOf(ORDER, 'https://api.example.com');

  it('quotes shell words so nothing in a doc is expanded', () => {
    expect(shellQuote("it's $(x)")).toBe("'it'\\''s $(x)'");
    const curl = codeSnippet(request, 'curl');
    expect(curl).toContain("curl -X POST 'https://api.example.com/orders/42/items?expand=a%20b'");
    expect(curl).toContain("-H 'X-Token: it'\\''s $(secret)'");
    expect(curl).toContain(`--data-raw '{\n  "sku": "A-1"`);
  });

  it('writes fetch and axios calls with the method, headers and JSON body', () => {
    const fetchCode = codeSnippet(request, 'fetch');
    expect(fetchCode).toContain("await fetch('https://api.example.com/orders/42/items?expand=a%20b', {");
    expect(fetchCode).toContain("method: 'POST'");
    expect(fetchCode).toContain("'X-Token': 'it\\'s $(secret)'");
    expect(fetchCode).toContain('body: JSON.stringify({');
    const axiosCode = codeSnippet(request, 'axios');
    expect(axiosCode).toContain("method: 'post'");
    expect(axiosCode).toContain('"gift": false');
  });

  it('writes Python literals, not JSON', () => {
    expect(pythonLiteral({ a: true, b: null, c: [1, 'x'] })).toBe(
      "{\n    'a': True,\n    'b': None,\n    'c': [\n        1,\n        'x'\n    ]\n}",
    );
    const python = codeSnippet(request, 'python');
    expect(python).toContain('response = requests.post(');
    expect(python).toContain("'gift': False");
    expect(python).toContain('json=payload');
  });

  it('writes OkHttp and Go requests with escaped string literals', () => {
    const java = codeSnippet(request, 'okhttp');
    expect(java).toContain('.method("POST", body)');
    expect(java).toContain('.addHeader("X-Token", "it\'s $(secret)")');
    expect(java).toContain('RequestBody.create("{\\n  \\"sku\\": \\"A-1\\"');
    const go = codeSnippet(request, 'go');
    expect(go).toContain(
      'http.NewRequest("POST", "https://api.example.com/orders/42/items?expand=a%20b", body)',
    );
    expect(go).toContain('strings.NewReader(`{');
    expect(go).toContain('\t"strings"');
  });

  it('covers multipart uploads in every language', () => {
    const upload = sampleRequestOf({
      ...ORDER,
      contentType: 'multipart/form-data',
      requestParams: [row('file', 'file', { example: 'a.png' }), row('note', 'string', { example: 'hi' })],
    });
    expect(codeSnippet(upload, 'curl')).toContain("-F 'file=@a.png'");
    expect(codeSnippet(upload, 'fetch')).toContain("form.append('note', 'hi');");
    expect(codeSnippet(upload, 'python')).toContain("files = {'file': open('a.png', 'rb')}");
    expect(codeSnippet(upload, 'okhttp')).toContain('.addFormDataPart("note", "hi")');
    expect(codeSnippet(upload, 'go')).toContain('form.CreateFormFile("file", "a.png")');
  });

  it('answers code for every language of the list', () => {
    for (const language of SNIPPET_LANGUAGES)
      expect(codeSnippet(request, language).length).toBeGreaterThan(40);
  });
});
