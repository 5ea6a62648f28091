import { describe, expect, it } from 'vitest';
import { langFromHeader, translate, translateIssue } from './lang.ts';

describe('langFromHeader', () => {
  it.each([
    ['en', 'en'],
    ['zh-CN', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-Hans-CN,zh;q=0.9', 'zh-CN'],
    ['fr-FR, en;q=0.5', 'en'],
    ['fr', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, expected) => {
    expect(langFromHeader(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('fills positional arguments and falls back to zh-CN, then the key', () => {
    expect(translate('en', 'validation', 'max', [64])).toBe('Max length is 64');
    expect(translate('ja', 'validation', 'max', [64])).toBe('长度不能超过64');
    expect(translate('en', 'errors', 'no.such.code')).toBe('no.such.code');
  });

  it('reads a limit carried with a validation key', () => {
    expect(translateIssue('en', 'validation.required_max|50')).toBe('Can not empty and max-length is 50');
    expect(translateIssue('zh-CN', 'validation.password_not_same')).toBe('两次密码不一致');
  });
});
