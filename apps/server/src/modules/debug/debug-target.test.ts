import { describe, expect, it } from 'vitest';
import { hostEntryCovers, isUnderBase, parseTargetHeaders, withoutCredentials } from './debug-target.ts';

describe('isUnderBase', () => {
  it.each([
    ['http://api.test/v1/users', 'http://api.test/v1', true],
    ['http://api.test/v1', 'http://api.test/v1', true],
    ['http://api.test/v1?x=1', 'http://api.test/v1', true],
    ['http://api.test/v1x', 'http://api.test/v1', false],
    ['http://api.test/v1/../admin', 'http://api.test/v1', false],
    ['http://api.test/v1/%2e%2e/admin', 'http://api.test/v1', false],
    ['http://api.test:80/v1/a', 'http://api.test/v1', true],
    ['http://api.test:81/v1/a', 'http://api.test/v1', false],
    ['https://api.test/v1/a', 'http://api.test/v1', false],
    ['http://api.test.evil/v1/a', 'http://api.test/v1', false],
    ['http://API.test/anything', 'http://api.test', true],
    ['http://2130706433:7841/x', 'http://127.0.0.1:7841', true],
    ['http://localhost:7841/x', 'http://127.0.0.1:7841', false],
    ['http://127.0.0.1:7842/x', 'http://127.0.0.1:7841', false],
  ])('%s under %s: %s', (target, base, expected) => {
    expect(isUnderBase(new URL(target), base)).toBe(expected);
  });

  it('a base that is not a URL covers nothing', () => {
    expect(isUnderBase(new URL('http://a/'), 'not a url')).toBe(false);
  });
});

describe('hostEntryCovers', () => {
  it.each([
    ['api.example.com', 'http://api.example.com:8080/x', true],
    ['api.example.com:8080', 'http://api.example.com:8080/x', true],
    ['api.example.com:8080', 'http://api.example.com:9090/x', false],
    ['*.example.com', 'https://a.b.example.com/', true],
    ['*.example.com', 'https://example.com/', false],
    ['*.example.com', 'https://badexample.com/', false],
    ['example.com', 'https://example.com.evil/', false],
  ])('%s covers %s: %s', (entry, url, expected) => {
    expect(hostEntryCovers(entry, new URL(url))).toBe(expected);
  });
});

describe('parseTargetHeaders', () => {
  it('keeps the caller headers and drops the ones about the connection', () => {
    expect(
      parseTargetHeaders(
        JSON.stringify({
          'X-A': 'b',
          n: 1,
          Host: 'evil',
          'Content-Length': '9',
          'Proxy-Foo': 'x',
          gone: null,
        }),
      ),
    ).toEqual({ 'X-A': 'b', n: '1' });
    expect(parseTargetHeaders(undefined)).toEqual({});
  });

  it.each(['[1]', '"x"', '{', '{"a":{"b":1}}', '{"a b":"x"}', '{"a":"x\\r\\nHost: evil"}'])(
    'refuses %s',
    (raw) => {
      expect(parseTargetHeaders(raw)).toBeNull();
    },
  );
});

describe('withoutCredentials', () => {
  it("drops a header that carries Quire's own token", () => {
    const token = 'abcdefgh12345678:0123456789abcdef0123456789abcdef';
    expect(
      withoutCredentials({ Authorization: `Bearer ${token}`, 'X-Other': 'fine' }, [`Bearer ${token}`, token]),
    ).toEqual({ 'X-Other': 'fine' });
  });
});
