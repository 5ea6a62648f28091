import { describe, expect, it } from 'vitest';
import type { BuiltRequest } from './debug-request.ts';
import { fromScriptRequest, ScriptOriginError, toScriptRequest } from './script-request.ts';

const PAGE = 'https://quire.corp/project/doc/p1';
const BUILT: BuiltRequest = {
  method: 'POST',
  url: 'https://api.corp:8443/v1/orders?x=1',
  headers: [['Authorization', 'Bearer typed-by-the-reader']],
  body: { kind: 'text', text: '{}' },
};

function moved(url: string, built: BuiltRequest = BUILT) {
  return () => fromScriptRequest(built, { ...toScriptRequest(built), url }, PAGE);
}

describe('fromScriptRequest', () => {
  it('applies what a pre script changed on the same origin: path, query, method, headers, body', () => {
    const next = fromScriptRequest(
      BUILT,
      {
        method: 'put',
        url: 'https://api.corp:8443/v2/orders?signed=abc',
        headers: { Authorization: 'Bearer typed-by-the-reader', 'X-Sign': 's' },
        body: '{"a":1}',
      },
      PAGE,
    );
    expect(next).toEqual({
      method: 'PUT',
      url: 'https://api.corp:8443/v2/orders?signed=abc',
      headers: [
        ['Authorization', 'Bearer typed-by-the-reader'],
        ['X-Sign', 's'],
      ],
      body: { kind: 'text', text: '{"a":1}' },
    });
    // An empty URL keeps the request's own.
    expect(fromScriptRequest(BUILT, { ...toScriptRequest(BUILT), url: '' }, PAGE).url).toBe(BUILT.url);
    // The default port spelled out is the same origin.
    const plain = { ...BUILT, url: 'https://api.corp/v1' };
    expect(
      fromScriptRequest(plain, { ...toScriptRequest(plain), url: 'https://API.corp:443/v9' }, PAGE).url,
    ).toBe('https://API.corp:443/v9');
  });

  it.each([
    'https://evil.test/v1/orders',
    'http://api.corp:8443/v1/orders',
    'https://api.corp:9443/v1/orders',
    'https://api.corp.evil.test:8443/v1/orders',
    'https://api.corp:8443@evil.test/v1',
    '//evil.test/v1/orders',
    '/v1/orders',
    'javascript:alert(1)',
    'data:text/plain,x',
    'http://[::1',
  ])('refuses a script that moves the request to %s', (url) => {
    expect(moved(url)).toThrow(ScriptOriginError);
  });

  it('names both origins in the refusal', () => {
    try {
      moved('https://evil.test/steal?token=x')();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScriptOriginError);
      expect(error).toMatchObject({ expected: 'https://api.corp:8443', got: 'https://evil.test' });
    }
  });

  it("holds a request on the page's origin (an environment without a host) to that origin", () => {
    const relative = { ...BUILT, url: '/api/orders' };
    expect(fromScriptRequest(relative, { ...toScriptRequest(relative), url: '/api/other' }, PAGE).url).toBe(
      '/api/other',
    );
    expect(moved('https://evil.test/api/orders', relative)).toThrow(ScriptOriginError);
  });
});
