import { describe, expect, it } from 'vitest';
import { compareWithBuiltin, packKeys } from './completeness.ts';
import { builtinResources } from './index.ts';

describe('language pack completeness', () => {
  it('zh-CN and en have the same keys: none missing on either side', () => {
    expect(compareWithBuiltin(builtinResources['zh-CN'], builtinResources.en)).toEqual({
      missing: [],
      unknown: [],
    });
    expect(compareWithBuiltin(builtinResources.en, builtinResources['zh-CN'])).toEqual({
      missing: [],
      unknown: [],
    });
  });

  it('reports a key present in one pack and absent from the other', () => {
    const en = JSON.parse(JSON.stringify(builtinResources.en)) as unknown as Record<
      string,
      Record<string, string>
    >;
    const { signin, ...rest } = en;
    const { ldapAccount: _removed, ...signinWithout } = signin ?? {};
    const lacking = { ...rest, signin: { ...signinWithout, extraKey: 'x' } };
    expect(compareWithBuiltin(lacking)).toEqual({
      missing: ['signin.ldapAccount'],
      unknown: ['signin.extraKey'],
    });
  });

  it('names keys with dots inside by namespace then key', () => {
    expect(packKeys({ errors: { 'auth.bad_credentials': 'x' }, common: { ok: 'OK', n: 1 } })).toEqual([
      'errors.auth.bad_credentials',
      'common.ok',
    ]);
  });
});
