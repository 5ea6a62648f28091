import { describe, expect, it } from 'vitest';
import { API_DOC_VERSION, ApiDocSchema, newApiDoc } from './api-doc.ts';
import { DocLimits, NOT_DEPRECATED } from './constants.ts';
import { checkDocRules } from './doc-rules.ts';

function parse(input: Record<string, unknown>) {
  return ApiDocSchema.safeParse({ v: API_DOC_VERSION, name: 'Get user', ...input });
}

function messages(input: Record<string, unknown>): Array<[string, string]> {
  const result = parse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('the doc document', () => {
  it('fills the defaults of a new doc', () => {
    const doc = newApiDoc('Get user');
    expect(doc).toMatchObject({
      v: 1,
      name: 'Get user',
      type: 0,
      httpMethod: 'GET',
      deprecated: NOT_DEPRECATED,
      isShow: true,
      isUseGlobalHeaders: true,
      isRequestArray: false,
      requestArrayType: 'object',
      pathParams: [],
      errorCodeParams: [],
      dubboInfo: null,
    });
  });

  it('accepts Torna spellings: 0/1 and string flags, numbers for text, upper-case types and methods', () => {
    const result = parse({
      httpMethod: 'post',
      isShow: 0,
      isUseGlobalHeaders: '0',
      deprecated: '',
      requestParams: [
        { name: 'id', type: 'String', required: '0', maxLength: 32, example: 7 },
        { name: 'flag', type: 'boolean', required: 1, example: true },
      ],
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.httpMethod).toBe('POST');
    expect(result.data.isShow).toBe(false);
    expect(result.data.isUseGlobalHeaders).toBe(false);
    expect(result.data.deprecated).toBe(NOT_DEPRECATED);
    expect(result.data.requestParams[0]).toMatchObject({
      name: 'id',
      type: 'string',
      required: false,
      maxLength: '32',
      example: '7',
      children: [],
    });
    expect(result.data.requestParams[1]).toMatchObject({ required: true, example: 'true', maxLength: '64' });
  });

  it('refuses unknown param types, naming the row and the allowed types', () => {
    expect(messages({ requestParams: [{ name: 'a', type: 'integer-ish' }] })).toEqual([
      [
        'requestParams.0.type',
        'validation.param_type|string, number, boolean, object, array, num_array, str_array, file, file[], enum',
      ],
    ]);
    expect(
      messages({ responseParams: [{ name: 'a', type: 'object', children: [{ name: 'b', type: 42 }] }] }),
    ).toEqual([['responseParams.0.children.0.type', expect.stringMatching(/^validation\.param_type\|/)]]);
  });

  it('reads flat tables with parentId (Torna detail form) into trees, and drops rows marked isDeleted', () => {
    const result = parse({
      responseParams: [
        { id: 'p1', name: 'data', type: 'object', parentId: '' },
        { id: 'p2', name: 'id', type: 'number', parentId: 'p1' },
        { id: 'p3', name: 'items', type: 'array', parentId: 'p1' },
        { id: 'p4', name: 'sku', type: 'string', parentId: 'p3' },
        { id: 'p5', name: 'old', type: 'string', parentId: 'p1', isDeleted: 1 },
        { id: 'p6', name: 'code', type: 'number', parentId: 0 },
      ],
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const names = (rows: typeof result.data.responseParams): unknown =>
      rows.map((r) => (r.children.length ? { [r.name]: names(r.children) } : r.name));
    expect(names(result.data.responseParams)).toEqual([{ data: ['id', { items: ['sku'] }] }, 'code']);
  });

  it('refuses cycles in param parents and unknown parents', () => {
    expect(
      messages({
        requestParams: [
          { id: 'a', name: 'a', type: 'object', parentId: 'b' },
          { id: 'b', name: 'b', type: 'object', parentId: 'a' },
        ],
      }),
    ).toEqual([['requestParams.0.parentId', 'validation.param_cycle']]);
    expect(messages({ requestParams: [{ id: 'a', name: 'a', type: 'object', parentId: 'a' }] })).toEqual([
      ['requestParams.0.parentId', 'validation.param_cycle'],
    ]);
    expect(messages({ requestParams: [{ id: 'a', name: 'a', parentId: 'ghost' }] })).toEqual([
      ['requestParams.0.parentId', 'validation.param_parent'],
    ]);
  });

  it('refuses nesting deeper than the limit', () => {
    let row: Record<string, unknown> = { name: 'leaf' };
    for (let i = 0; i < DocLimits.depthMax; i++) row = { name: `n${i}`, type: 'object', children: [row] };
    expect(messages({ requestParams: [row] })).toEqual([
      [
        expect.stringMatching(/^requestParams\.0(\.children\.0)+$/),
        `validation.param_depth|${DocLimits.depthMax}`,
      ],
    ]);
  });

  it('reads error codes under Torna names too', () => {
    const result = parse({
      errorCodeParams: [
        { code: '10001', description: 'token error', solution: 'log in again' },
        { name: '10002', msg: 'no access', example: 'ask an admin' },
      ],
    });
    expect(result.success && result.data.errorCodeParams).toEqual([
      { id: '', code: '10001', description: 'token error', solution: 'log in again' },
      { id: '', code: '10002', description: 'no access', solution: 'ask an admin' },
    ]);
  });

  it('limits the description size', () => {
    const over = 'x'.repeat(DocLimits.descriptionMax + 1);
    expect(messages({ description: over })).toEqual([
      ['description', `validation.max|${DocLimits.descriptionMax}`],
    ]);
  });
});

describe('the editor rules', () => {
  it('want parameter names of letters, digits, - and _ in every table and level', () => {
    const doc = newApiDoc('x', {
      url: '/a',
      headerParams: [{ name: 'X-Token' }],
      responseParams: [{ name: 'data', type: 'object', children: [{ name: 'bad name' }, { name: 'ok_1' }] }],
      queryParams: [{ name: 'a.b' }],
    });
    expect(checkDocRules(doc)).toEqual([
      { path: ['queryParams', 0, 'name'], message: 'validation.error_content' },
      { path: ['responseParams', 0, 'children', 0, 'name'], message: 'validation.error_content' },
    ]);
  });

  it('want a URL on HTTP docs only', () => {
    expect(checkDocRules(newApiDoc('x'))).toEqual([
      { path: ['url'], message: `validation.required_max|${DocLimits.urlMax}` },
    ]);
    expect(checkDocRules(newApiDoc('x', { type: 3 }))).toEqual([]);
  });
});
