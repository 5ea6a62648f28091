import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseToken, readToken } from './authenticate.ts';

const withHeaders = (headers: Record<string, string | string[]>) =>
  ({ headers }) as unknown as FastifyRequest;

describe('readToken', () => {
  it('reads a bearer token whatever the case and spacing of the scheme', () => {
    expect(readToken(withHeaders({ authorization: 'Bearer u1:abc' }))).toBe('u1:abc');
    expect(readToken(withHeaders({ authorization: 'bearer   u1:abc  ' }))).toBe('u1:abc');
    expect(readToken(withHeaders({ authorization: 'BEARER\tu1:abc' }))).toBe('u1:abc');
  });

  it('takes a bare Authorization value as the token, and an empty one as none', () => {
    expect(readToken(withHeaders({ authorization: 'u1:abc' }))).toBe('u1:abc');
    expect(readToken(withHeaders({ authorization: 'Bearer ' }))).toBeUndefined();
    expect(readToken(withHeaders({ authorization: 'Bearerish' }))).toBe('Bearerish');
  });

  it("falls back to X-Token, then Torna's token header", () => {
    expect(readToken(withHeaders({ 'x-token': ' u1:x ' }))).toBe('u1:x');
    expect(readToken(withHeaders({ token: 'u1:t' }))).toBe('u1:t');
    expect(readToken(withHeaders({ token: ['u1:first', 'u1:second'] }))).toBe('u1:first');
    expect(readToken(withHeaders({}))).toBeUndefined();
  });
});

describe('parseToken', () => {
  it('splits <userId>:<secret> and refuses anything else', () => {
    expect(parseToken('u1:s:e')).toEqual({ userId: 'u1', secret: 's:e' });
    expect(parseToken(':secret')).toBeUndefined();
    expect(parseToken('u1:')).toBeUndefined();
    expect(parseToken('nocolon')).toBeUndefined();
    expect(parseToken(`u1:${'x'.repeat(600)}`)).toBeUndefined();
  });
});
