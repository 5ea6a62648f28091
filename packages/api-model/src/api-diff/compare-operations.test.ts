import { describe, expect, it } from 'vitest';
import { type ApiDocInput, newApiDoc } from '../model/api-doc.ts';
import { compareOperation } from './compare-operation.ts';
import { compareOperations } from './compare-operations.ts';
import { RULES } from './rules.ts';
import type { OperationVersion } from './types.ts';

type DocInput = Partial<Omit<ApiDocInput, 'v'>>;

const op = (input: DocInput = {}, id?: string): OperationVersion => ({
  doc: newApiDoc(input.name ?? 'Get user', { url: '/users/{id}', httpMethod: 'GET', ...input }),
  id,
});

/** The rules of the changes between two versions of one operation. */
function rules(before: DocInput, after: DocInput): string[] {
  return compareOperation(op(before), op(after)).map((c) => `${c.rule}:${c.path}`);
}

const pathId = { pathParams: [{ name: 'id', type: 'string' }] };

describe('compareOperations: operations', () => {
  it('reports nothing between equal sets', () => {
    const diff = compareOperations([op(pathId)], [op(pathId)]);
    expect(diff.operations).toEqual([]);
    expect(diff.summary.levels).toEqual({ breaking: 0, 'non-breaking': 0, docs: 0 });
  });

  it('an operation removed is breaking, one added is not', () => {
    const diff = compareOperations([op({ url: '/a' })], [op({ url: '/b' })]);
    expect(diff.operations.map((o) => [o.key, o.kind, o.level, o.changes[0]?.rule])).toEqual([
      ['GET /a', 'removed', 'breaking', 'operation-removed'],
      ['GET /b', 'added', 'non-breaking', 'operation-added'],
    ]);
    expect(diff.summary).toEqual({
      operations: { added: 1, removed: 1, changed: 0 },
      levels: { breaking: 1, 'non-breaking': 1, docs: 0 },
      breakingOperations: 1,
    });
  });

  it('pairs operations whose path variables only differ in name', () => {
    const before = op({ url: '/users/{id}', pathParams: [{ name: 'id' }] });
    const after = op({ url: '/users/{userId}', pathParams: [{ name: 'userId' }] });
    expect(compareOperations([before], [after]).operations).toEqual([]);
  });

  it('keeps operations whose paths differ only after # apart', () => {
    const a = op({ url: '/files/{file_id}#add_shared_link', httpMethod: 'PUT' });
    const b = op({ url: '/files/{file_id}#update_shared_link', httpMethod: 'PUT' });
    expect(compareOperations([a, b], [a, b]).operations).toEqual([]);
    expect(compareOperations([a, b], [a]).operations.map((o) => o.key)).toEqual([
      'PUT /files/{file_id}#update_shared_link',
    ]);
  });

  it('a path or method changed under one id is breaking', () => {
    const diff = compareOperations(
      [op({ url: '/a', httpMethod: 'GET' }, 'd1')],
      [op({ url: '/b', httpMethod: 'POST' }, 'd1')],
    );
    expect(diff.operations[0]?.changes.map((c) => [c.rule, c.level, c.before, c.after])).toEqual([
      ['method-changed', 'breaking', 'GET', 'POST'],
      ['path-changed', 'breaking', '/a', '/b'],
    ]);
  });

  it('lists breaking operations first', () => {
    const diff = compareOperations(
      [op({ url: '/a', name: 'A' }), op({ url: '/z', responseParams: [{ name: 'x' }] })],
      [op({ url: '/a', name: 'A2' }), op({ url: '/z' })],
    );
    expect(diff.operations.map((o) => [o.key, o.level])).toEqual([
      ['GET /z', 'breaking'],
      ['GET /a', 'docs'],
    ]);
  });
});

describe('compareOperation: request rules', () => {
  it('a required param or body field added is breaking, an optional one is not', () => {
    expect(rules({}, { queryParams: [{ name: 'q', required: true }] })).toEqual([
      'request-param-added-required:q',
    ]);
    expect(rules({}, { queryParams: [{ name: 'q', required: false }] })).toEqual(['request-param-added:q']);
    expect(rules({}, { headerParams: [{ name: 'X-Trace', required: true }] })).toEqual([
      'request-param-added-required:X-Trace',
    ]);
    expect(rules({}, { requestParams: [{ name: 'age', required: true }] })).toEqual([
      'request-field-added-required:age',
    ]);
    expect(rules({}, { requestParams: [{ name: 'age', required: false }] })).toEqual([
      'request-field-added:age',
    ]);
  });

  it('a param or body field made required is breaking, made optional is not', () => {
    expect(
      rules(
        { queryParams: [{ name: 'q', required: false }] },
        { queryParams: [{ name: 'q', required: true }] },
      ),
    ).toEqual(['request-param-made-required:q']);
    expect(
      rules(
        { queryParams: [{ name: 'q', required: true }] },
        { queryParams: [{ name: 'q', required: false }] },
      ),
    ).toEqual(['request-param-made-optional:q']);
    expect(
      rules(
        { requestParams: [{ name: 'user', type: 'object', children: [{ name: 'nick', required: false }] }] },
        { requestParams: [{ name: 'user', type: 'object', children: [{ name: 'nick', required: true }] }] },
      ),
    ).toEqual(['request-field-made-required:user.nick']);
  });

  it("a param's location changed is breaking (one change, not a removal and an addition)", () => {
    const changes = compareOperation(
      op({ queryParams: [{ name: 'token' }] }),
      op({ headerParams: [{ name: 'Token' }] }),
    );
    expect(changes.map((c) => [c.rule, c.level, c.where, c.before, c.after])).toEqual([
      ['request-param-location-changed', 'breaking', 'header', 'query', 'header'],
    ]);
  });

  it("a param's type changed is breaking, in params and in nested body fields", () => {
    expect(
      rules(
        { queryParams: [{ name: 'n', type: 'string' }] },
        { queryParams: [{ name: 'n', type: 'number' }] },
      ),
    ).toEqual(['request-param-type-changed:n']);
    expect(
      rules(
        { requestParams: [{ name: 'tags', type: 'array', children: [{ name: 'id', type: 'number' }] }] },
        { requestParams: [{ name: 'tags', type: 'array', children: [{ name: 'id', type: 'string' }] }] },
      ),
    ).toEqual(['request-field-type-changed:tags.id']);
  });

  it('an enum value removed from a request is breaking, one added is not', () => {
    const before = { queryParams: [{ name: 'state', type: 'enum', enumContent: 'open,closed' }] };
    expect(rules(before, { queryParams: [{ name: 'state', type: 'enum', enumContent: 'open' }] })).toEqual([
      'request-enum-value-removed:state',
    ]);
    expect(
      rules(before, { queryParams: [{ name: 'state', type: 'enum', enumContent: 'open,closed,all' }] }),
    ).toEqual(['request-enum-value-added:state']);
  });

  it("reads a dictionary's values through enumValues when the row has no list of its own", () => {
    const dictionaries: Record<string, string[]> = { e1: ['A', 'B'], e2: ['A'] };
    const version = (enumId: string): OperationVersion => ({
      doc: newApiDoc('x', { url: '/x', queryParams: [{ name: 's', type: 'enum', enumId }] }),
      enumValues: (row) => dictionaries[row.enumId],
    });
    expect(compareOperation(version('e1'), version('e2')).map((c) => [c.rule, c.before])).toEqual([
      ['request-enum-value-removed', 'B'],
    ]);
  });

  it('a request param removed is breaking, a body field removed is not', () => {
    expect(rules({ queryParams: [{ name: 'q' }] }, {})).toEqual(['request-param-removed:q']);
    expect(rules({ requestParams: [{ name: 'f' }] }, {})).toEqual(['request-field-removed:f']);
  });

  it('a body field renamed is one removed plus one added', () => {
    expect(
      rules(
        { requestParams: [{ name: 'nick', required: true }] },
        { requestParams: [{ name: 'nickname', required: true }] },
      ),
    ).toEqual(['request-field-added-required:nickname', 'request-field-removed:nick']);
  });

  it('a request body becoming an array, or its content type changing, is breaking', () => {
    const body = { requestParams: [{ name: 'a' }], contentType: 'application/json' };
    expect(rules(body, { ...body, isRequestArray: true })).toEqual(['request-body-type-changed:']);
    expect(rules(body, { ...body, contentType: 'application/x-www-form-urlencoded' })).toEqual([
      'request-content-type-changed:',
    ]);
    expect(rules(body, { ...body, contentType: 'application/json; charset=utf-8' })).toEqual([]);
  });

  it('a max length lowered in a request is breaking, raised is not', () => {
    const at = (maxLength: string) => ({ queryParams: [{ name: 'q', maxLength }] });
    expect(rules(at('64'), at('32'))).toEqual(['request-max-length-decreased:q']);
    expect(rules(at('32'), at('64'))).toEqual(['request-max-length-changed:q']);
    // A limit where there was none, or a higher minimum, narrows too.
    expect(rules(at('-'), at('64'))).toEqual(['request-max-length-decreased:q']);
    expect(rules(at('1-20'), at('5-20'))).toEqual(['request-max-length-decreased:q']);
    expect(rules(at('64'), at('-'))).toEqual(['request-max-length-changed:q']);
  });
});

describe('compareOperation: response rules', () => {
  const data = (children: DocInput['responseParams']) => ({
    responseParams: [{ name: 'data', type: 'object', required: true, children }],
  });

  it('a response field removed is breaking; a removed object reports itself, not each child', () => {
    expect(rules(data([{ name: 'id' }, { name: 'sku' }]), data([{ name: 'id' }]))).toEqual([
      'response-field-removed:data.sku',
    ]);
    expect(rules(data([{ name: 'id' }]), {})).toEqual(['response-field-removed:data']);
  });

  it('a response field made optional is breaking, made required is not; one added is not', () => {
    expect(rules(data([{ name: 'id', required: true }]), data([{ name: 'id', required: false }]))).toEqual([
      'response-field-made-optional:data.id',
    ]);
    expect(rules(data([{ name: 'id', required: false }]), data([{ name: 'id', required: true }]))).toEqual([
      'response-field-made-required:data.id',
    ]);
    expect(rules(data([]), data([{ name: 'extra' }]))).toEqual(['response-field-added:data.extra']);
  });

  it("a response field's type changed is breaking, inside arrays too", () => {
    const items = (type: string) =>
      data([{ name: 'items', type: 'array', children: [{ name: 'price', type }] }]);
    expect(rules(items('number'), items('string'))).toEqual(['response-field-type-changed:data.items.price']);
    expect(rules({}, { isResponseArray: true })).toEqual(['response-body-type-changed:']);
  });

  it('response enum values come and go without breaking', () => {
    const at = (enumContent: string) => ({ responseParams: [{ name: 's', type: 'enum', enumContent }] });
    expect(rules(at('A,B'), at('A')).map((r) => r)).toEqual(['response-enum-value-removed:s']);
    expect(compareOperation(op(at('A')), op(at('A,B')))[0]?.level).toBe('non-breaking');
  });

  it('a response status removed is breaking, one added is not; business error codes never break', () => {
    const codes = (...codes: string[]) => ({ errorCodeParams: codes.map((code) => ({ code })) });
    expect(rules(codes('404', '500'), codes('500'))).toEqual(['response-status-removed:404']);
    expect(rules(codes('500'), codes('500', '409'))).toEqual(['response-status-added:409']);
    expect(rules(codes('E1001'), codes())).toEqual(['error-code-removed:E1001']);
    // The primary success status an import noted: 200 becoming 201 removes 200; a status moving between the
    // primary response and the others is not gone.
    const primary = (status: string, ...others: string[]) => ({
      description: `<p>Note: response ${status}: OK</p>`,
      ...codes(...others),
    });
    expect(rules(primary('200'), primary('201')).filter((r) => r.startsWith('response-status'))).toEqual([
      'response-status-removed:200',
      'response-status-added:201',
    ]);
    expect(
      rules(primary('200', '201'), primary('201', '200')).filter((r) => r.startsWith('response-status')),
    ).toEqual([]);
  });
});

describe('compareOperation: deprecation and texts', () => {
  it('deprecation is non-breaking but reported', () => {
    const changes = compareOperation(op({}), op({ deprecated: 'use v2' }));
    expect(changes.map((c) => [c.rule, c.level])).toEqual([['operation-deprecated', 'non-breaking']]);
  });

  it('descriptions, names and examples are docs', () => {
    const changes = compareOperation(
      op({ name: 'A', description: 'x', queryParams: [{ name: 'q', example: '1', description: 'd' }] }),
      op({ name: 'B', description: 'y', queryParams: [{ name: 'q', example: '2', description: 'e' }] }),
    );
    expect(changes.map((c) => [c.rule, c.level])).toEqual([
      ['operation-name-changed', 'docs'],
      ['operation-description-changed', 'docs'],
      ['description-changed', 'docs'],
      ['example-changed', 'docs'],
    ]);
  });

  it('header names compare without case; path variables by place', () => {
    expect(rules({ headerParams: [{ name: 'x-id' }] }, { headerParams: [{ name: 'X-Id' }] })).toEqual([]);
    expect(rules(pathId, { url: '/users/{uid}', pathParams: [{ name: 'uid', type: 'string' }] })).toEqual([]);
  });

  it('every rule has a level', () => {
    for (const level of Object.values(RULES)) expect(['breaking', 'non-breaking', 'docs']).toContain(level);
  });
});
