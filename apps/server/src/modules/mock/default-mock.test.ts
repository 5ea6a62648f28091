import { describe, expect, it } from 'vitest';
import { mergeBody, mergedBodyText } from './default-mock.ts';

describe('default mock', () => {
  it('adds new fields, drops removed ones and keeps values whose type did not change', () => {
    const stored = {
      keep: 'mine',
      gone: 1,
      retyped: 'text',
      nested: { a: 5 },
      rows: [{ x: 'a' }, { x: 'b', old: 1 }],
    };
    const generated = {
      keep: 'x',
      retyped: 0,
      nested: { a: 0, b: true },
      rows: [{ x: '', y: 0 }],
      added: 'new',
    };
    expect(mergeBody(stored, generated)).toEqual({
      keep: 'mine',
      retyped: 0,
      nested: { a: 5, b: true },
      rows: [
        { x: 'a', y: 0 },
        { x: 'b', y: 0 },
      ],
      added: 'new',
    });
  });

  it('builds the body from response params, as an array when the doc answers one', () => {
    const doc = {
      responseParams: [{ name: 'id', type: 'number', example: '3' }] as never,
      isResponseArray: true,
    };
    expect(JSON.parse(mergedBodyText('', doc))).toEqual([{ id: 3 }]);
    expect(JSON.parse(mergedBodyText('not json', { ...doc, isResponseArray: false }))).toEqual({ id: 3 });
  });

  it('keeps __proto__ a plain field', () => {
    const merged = mergeBody(
      JSON.parse('{"__proto__":{"polluted":1}}'),
      JSON.parse('{"__proto__":{"polluted":0}}'),
    );
    expect(Object.keys(merged as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });
});
