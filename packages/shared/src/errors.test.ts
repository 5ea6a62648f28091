import { describe, expect, it } from 'vitest';
import { errorStatus } from './errors.ts';
import { builtinResources, lookup } from './i18n/index.ts';
import { V } from './validation.ts';

describe('error codes and validation keys', () => {
  it.each(['en', 'zh-CN'])('every error code has a message in %s', (lang) => {
    const missing = Object.keys(errorStatus).filter(
      (code) => !lookup(builtinResources[lang], 'errors', code),
    );
    expect(missing).toEqual([]);
  });

  it.each(['en', 'zh-CN'])('every validation key has a message in %s', (lang) => {
    const missing = Object.values(V).filter(
      (key) => !lookup(builtinResources[lang], 'validation', key.slice('validation.'.length)),
    );
    expect(missing).toEqual([]);
  });
});
