import type { DocDetail } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import {
  buildRequest,
  type DebugForm,
  FormatError,
  formFromDoc,
  formOfValue,
  interpolate,
  toCurl,
  valueOfForm,
} from './debug-request.ts';

function row(name: string, type: string, example = '', children: unknown[] = []) {
  return {
    id: name,
    name,
    type,
    required: true,
    maxLength: '64',
    example,
    description: '',
    enumId: '',
    enumContent: '',
    children,
  };
}

function docOf(patch: Partial<DocDetail>): DocDetail {
  return {
    id: 'd1',
    moduleId: 'm1',
    projectId: 'p1',
    url: '/orders/{id}',
    httpMethod: 'POST',
    contentType: 'application/json',
    isUseGlobalHeaders: false,
    isUseGlobalParams: false,
    isRequestArray: false,
    pathParams: [],
    headerParams: [],
    queryParams: [],
    requestParams: [],
    globalHeaders: [],
    globalParams: [],
    ...patch,
  } as unknown as DocDetail;
}

describe('formFromDoc', () => {
  it('fills params with their examples, then defaults by type, and applies the globals the doc uses', () => {
    const form = formFromDoc(
      docOf({
        pathParams: [row('id', 'number', '42')] as never,
        queryParams: [row('expand', 'str_array', 'a,b')] as never,
        headerParams: [row('X-Token', 'string')] as never,
        requestParams: [row('name', 'string', 'Ann'), row('age', 'number'), row('vip', 'boolean')] as never,
        isUseGlobalHeaders: true,
        globalHeaders: [row('X-App', 'string', 'quire')] as never,
      }),
      'e1',
      true,
    );
    expect(form.pathParams).toEqual([['id', '42']]);
    expect(form.queryParams).toEqual([{ name: 'expand', value: 'a,b', enabled: true }]);
    expect(form.headers.map((h) => [h.name, h.value])).toEqual([
      ['X-App', 'quire'],
      ['X-Token', 'string'],
    ]);
    expect(form.bodyKind).toBe('json');
    expect(JSON.parse(form.bodyText)).toEqual({ name: 'Ann', age: 0, vip: true });
    expect(form.useProxy).toBe(true);
  });

  it('sends the params of a GET as its query, and picks the body kind from the content type', () => {
    const get = formFromDoc(
      docOf({ httpMethod: 'GET', requestParams: [row('q', 'string', 'x')] as never }),
      '',
      false,
    );
    expect(get.bodyKind).toBe('none');
    expect(get.queryParams).toEqual([{ name: 'q', value: 'x', enabled: true }]);
    const multipart = formFromDoc(
      docOf({
        contentType: 'multipart/form-data',
        requestParams: [row('file', 'file'), row('t', 'string', 'a')] as never,
      }),
      '',
      false,
    );
    expect(multipart.bodyKind).toBe('multipart');
    expect(multipart.formFields.map((f) => [f.name, f.file])).toEqual([
      ['file', true],
      ['t', false],
    ]);
    const xml = formFromDoc(
      docOf({ contentType: 'application/xml', requestParams: [row('a', 'string', '<x>')] as never }),
      '',
      false,
    );
    expect(xml.bodyText).toContain('<a>&#60;x&#62;</a>');
  });
});

function form(patch: Partial<DebugForm>): DebugForm {
  return {
    envId: '',
    method: 'POST',
    path: '/orders/{id}',
    pathParams: [['id', '4 2']],
    queryParams: [
      { name: 'a', value: '1', enabled: true },
      { name: 'off', value: 'x', enabled: false },
    ],
    headers: [{ name: 'Authorization', value: 'Bearer {{token}}', enabled: true }],
    bodyKind: 'json',
    bodyText: '{"n": "{{name}}"}',
    formFields: [],
    useProxy: false,
    ...patch,
  };
}

describe('buildRequest', () => {
  it('fills the path, the enabled query params and the variables', () => {
    const built = buildRequest(form({}), 'http://api.test/v1/', { token: 't0k', name: 'Ann' });
    expect(built.url).toBe('http://api.test/v1/orders/4%202?a=1');
    expect(built.headers).toEqual([
      ['Authorization', 'Bearer t0k'],
      ['Content-Type', 'application/json'],
    ]);
    expect(built.body).toEqual({ kind: 'text', text: '{"n": "Ann"}' });
  });

  it("refuses a JSON or XML body that does not parse ('format conversion error')", () => {
    expect(() => buildRequest(form({ bodyText: '{"a":' }), '')).toThrow(FormatError);
    expect(() => buildRequest(form({ bodyKind: 'xml', bodyText: '<a><b></a>' }), '')).toThrow(FormatError);
    expect(buildRequest(form({ bodyKind: 'xml', bodyText: '<a/>' }), '').headers).toContainEqual([
      'Content-Type',
      'application/xml',
    ]);
  });

  it('encodes form fields, keeps multipart file fields by row, and sends no body with GET', () => {
    const fields = [
      { name: 'a', value: '1 2', enabled: true, file: false },
      { name: 'skip', value: 'x', enabled: false, file: false },
      { name: 'f', value: 'one.txt', enabled: true, file: true },
    ];
    expect(buildRequest(form({ bodyKind: 'form', formFields: fields }), '').body).toEqual({
      kind: 'text',
      text: 'a=1+2',
    });
    const multipart = buildRequest(
      form({
        bodyKind: 'multipart',
        formFields: fields,
        headers: [{ name: 'content-type', value: 'x', enabled: true }],
      }),
      '',
    );
    expect(multipart.body).toEqual({
      kind: 'multipart',
      fields: [
        { name: 'a', value: '1 2', file: false, index: 0 },
        { name: 'f', value: 'one.txt', file: true, index: 2 },
      ],
    });
    expect(multipart.headers).toEqual([]);
    expect(buildRequest(form({ method: 'GET' }), '').body).toEqual({ kind: 'none' });
    expect(buildRequest(form({ bodyKind: 'raw', bodyText: 'plain' }), '').headers).toContainEqual([
      'Content-Type',
      'text/plain',
    ]);
  });

  it('leaves unknown variables as typed', () => {
    expect(interpolate('{{a}}-{{ b }}-{{c}}', { a: '1', b: '2' })).toBe('1-2-{{c}}');
  });
});

describe('toCurl and remembered values', () => {
  it('quotes everything for the shell', () => {
    const curl = toCurl(buildRequest(form({ bodyText: `{"q":"it's"}` }), 'http://h'));
    expect(curl).toContain(`curl -X POST 'http://h/orders/4%202?a=1'`);
    expect(curl).toContain(`--data-raw '{"q":"it'\\''s"}'`);
  });

  it('round-trips a form through the remembered value, without file contents', () => {
    const f = form({
      bodyKind: 'multipart',
      formFields: [{ name: 'f', value: 'secret.pdf', enabled: true, file: true }],
    });
    const back = formOfValue(valueOfForm(f));
    expect(back).toEqual({ ...f, formFields: [{ name: 'f', value: '', enabled: true, file: true }] });
  });
});
