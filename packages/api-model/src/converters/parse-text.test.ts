import { describe, expect, it } from 'vitest';
import { parseApiText } from './parse-text.ts';

describe('parseApiText', () => {
  it('reads JSON and YAML', () => {
    expect(parseApiText('{"openapi":"3.0.0"}')).toEqual({ openapi: '3.0.0' });
    expect(parseApiText('openapi: 3.0.0\npaths: {}\n')).toEqual({ openapi: '3.0.0', paths: {} });
  });

  it('refuses invalid JSON, invalid YAML and empty text with a reason', () => {
    expect(() => parseApiText('{"openapi": ')).toThrow(expect.objectContaining({ key: 'invalid_json' }));
    expect(() => parseApiText('a: [b\nc: }')).toThrow(expect.objectContaining({ key: 'invalid_yaml' }));
    expect(() => parseApiText('  ')).toThrow(expect.objectContaining({ key: 'empty' }));
  });

  it('refuses a YAML alias bomb', () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 10; i++)
      text += `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    expect(() => parseApiText(text)).toThrow(expect.objectContaining({ key: 'yaml_aliases' }));
  });

  it('refuses YAML nested 10,000 deep as invalid instead of crashing', () => {
    const text = `${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}`.replace(/^\{/, 'x: {');
    expect(() => parseApiText(text)).toThrow(expect.objectContaining({ key: 'invalid_yaml' }));
  });
});
