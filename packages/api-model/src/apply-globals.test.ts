import { describe, expect, it } from 'vitest';
import { type AppliedRow, applyGlobals, DATA_NODE, type DocGlobals } from './apply-globals.ts';
import type { ParamRow } from './model/param.ts';

function row(name: string, fields: Partial<ParamRow> = {}): ParamRow {
  return {
    id: name,
    name,
    type: 'string',
    required: true,
    maxLength: '64',
    example: '',
    description: '',
    enumId: '',
    enumContent: '',
    children: [],
    ...fields,
  };
}

function names(rows: AppliedRow[]): unknown {
  return rows.map((r) =>
    r.children.length
      ? [`${r.isGlobal ? '*' : ''}${r.name}`, names(r.children)]
      : `${r.isGlobal ? '*' : ''}${r.name}`,
  );
}

const doc = {
  httpMethod: 'POST',
  isUseGlobalHeaders: true,
  isUseGlobalParams: true,
  isUseGlobalReturns: true,
  headerParams: [row('x-token'), row('X-Own')],
  queryParams: [row('page')],
  requestParams: [row('name'), row('age')],
  responseParams: [row('id')],
};

const globals: DocGlobals = {
  globalHeaders: [row('X-Token', { example: 'abc' })],
  globalParams: [row('tenant')],
  globalReturns: [row('code'), row('msg'), row('data', { type: 'object', example: DATA_NODE })],
};

describe('applyGlobals', () => {
  it('puts global headers first and drops doc headers of the same name, case-insensitively', () => {
    const applied = applyGlobals(doc, globals);
    expect(names(applied.headerParams)).toEqual(['*X-Token', 'X-Own']);
    expect(applied.headerParams[0]).toMatchObject({ id: 'global:X-Token', example: 'abc', isGlobal: true });
  });

  it('wraps the response in the data node, which loses its $data$ example', () => {
    const applied = applyGlobals(doc, globals);
    expect(names(applied.responseParams)).toEqual(['*code', '*msg', ['*data', ['id']]]);
    expect(applied.responseParams[2]?.example).toBe('');
  });

  it('prepends global params to the body, or to the query of a GET doc; a data node wraps the body', () => {
    expect(names(applyGlobals(doc, globals).requestParams)).toEqual(['*tenant', 'name', 'age']);
    const get = applyGlobals({ ...doc, httpMethod: 'get' }, globals);
    expect(names(get.queryParams)).toEqual(['*tenant', 'page']);
    expect(names(get.requestParams)).toEqual(['name', 'age']);
    const wrapped = applyGlobals(doc, {
      ...globals,
      globalParams: [
        row('requestInfo', { type: 'object', children: [row('reqId')] }),
        row('body', { example: DATA_NODE }),
      ],
    });
    expect(names(wrapped.requestParams)).toEqual([
      ['*requestInfo', ['*reqId']],
      ['*body', ['name', 'age']],
    ]);
  });

  it('applies nothing where the doc turned its flags off, and nothing without globals', () => {
    const off = applyGlobals(
      { ...doc, isUseGlobalHeaders: false, isUseGlobalParams: false, isUseGlobalReturns: false },
      globals,
    );
    expect(names(off.headerParams)).toEqual(['x-token', 'X-Own']);
    expect(names(off.requestParams)).toEqual(['name', 'age']);
    expect(names(off.responseParams)).toEqual(['id']);
    const none = applyGlobals(doc, { globalHeaders: [], globalParams: [], globalReturns: [] });
    expect(names(none.responseParams)).toEqual(['id']);
    expect(none.responseParams[0]?.isGlobal).toBe(false);
  });
});
