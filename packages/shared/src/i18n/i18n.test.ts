import { describe, expect, it } from 'vitest';
import { builtinResources, format } from './index.ts';

// Paths are arrays because some keys (error codes) contain dots themselves.
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    pathsOf(child, [...prefix, key]),
  );
}

describe('built-in language packs', () => {
  it('zh-CN and en have exactly the same keys, none empty', () => {
    const zh = builtinResources['zh-CN'];
    const en = builtinResources.en;
    const names = (pack: unknown) =>
      pathsOf(pack)
        .map((path) => path.join(' > '))
        .sort();
    expect(names(zh)).toEqual(names(en));
    for (const pack of [zh, en]) {
      for (const path of pathsOf(pack)) {
        const value = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], pack);
        expect(String(value).trim(), path.join(' > ')).not.toBe('');
      }
    }
  });

  it('keeps the spec messages word for word', () => {
    const en = builtinResources.en;
    expect(en?.validation.required_max).toBe('Can not empty and max-length is {0}');
    expect(en?.validation.password_not_same).toBe('Password not same');
    expect(en?.validation.error_content).toBe('Error Content, support letter/numer/-/_');
    expect(en?.common.requestError).toBe('Request error, see log');
    expect(builtinResources['zh-CN']?.common.requestError).toBe('请求异常，请查看日志');
  });
});

describe('format', () => {
  it('fills {0} and leaves unknown placeholders', () => {
    expect(format('max {0}, min {1}', [64])).toBe('max 64, min {1}');
  });
});
