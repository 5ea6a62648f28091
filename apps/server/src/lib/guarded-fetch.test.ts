import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowRule } from './address-policy.ts';
import { FetchError, guardedFetchText, guardedRequest, type Resolver } from './guarded-fetch.ts';

// Every request here goes to a loopback server this test starts; how private and metadata addresses are
// treated is tested on the classifier (address-policy.test.ts), never with a live request.
let server: Server;
let base = '';
const loopback = parseAllowRule('127.0.0.1');
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    if (req.url === '/spec') return res.end('{"openapi":"3.0.0"}');
    if (req.url === '/gz') {
      res.setHeader('content-encoding', 'gzip');
      return res.end(gzipSync('x'.repeat(5000)));
    }
    if (req.url === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', '/spec');
      return res.end();
    }
    if (req.url === '/metadata') {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/latest/meta-data');
      return res.end();
    }
    if (req.url === '/missing') {
      res.statusCode = 404;
      return res.end();
    }
    if (req.url === '/hang') return; // never answers
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected a FetchError');
}

describe('guardedFetchText', () => {
  it('fetches from an allowed loopback address, with basic auth, following a redirect', async () => {
    const result = await guardedFetchText(`${base}/redirect`, {
      rule: loopback,
      auth: { username: 'u', password: 'p' },
    });
    expect(result.text).toBe('{"openapi":"3.0.0"}');
    expect(seen.slice(-2)).toEqual([
      `Basic ${Buffer.from('u:p').toString('base64')}`,
      `Basic ${Buffer.from('u:p').toString('base64')}`,
    ]);
  });

  it('refuses loopback when the allow rule does not name it, by IP and by host name', async () => {
    expect((await failure(guardedFetchText(`${base}/spec`, { rule: parseAllowRule('') }))).code).toBe(
      'address_refused',
    );
    const port = new URL(base).port;
    expect(
      (await failure(guardedFetchText(`http://localhost:${port}/spec`, { rule: parseAllowRule('') }))).code,
    ).toBe('address_refused');
  });

  it('refuses a redirect to a metadata address without connecting to it', async () => {
    const error = await failure(
      guardedFetchText(`${base}/metadata`, { rule: parseAllowRule('127.0.0.1,169.254.0.0/16') }),
    );
    expect(error).toMatchObject({ code: 'address_refused' });
    expect(error.arg).toContain('metadata');
  });

  it('gives up on a server that never answers', async () => {
    expect(await failure(guardedFetchText(`${base}/hang`, { rule: loopback, timeoutMs: 300 }))).toMatchObject(
      { code: 'timeout' },
    );
  });

  it('caps the size after decompression, refuses bad URLs and reports HTTP errors', async () => {
    expect((await guardedFetchText(`${base}/gz`, { rule: loopback })).text).toHaveLength(5000);
    expect(await failure(guardedFetchText(`${base}/gz`, { rule: loopback, maxBytes: 1000 }))).toMatchObject({
      code: 'too_large',
    });
    expect(await failure(guardedFetchText(`${base}/missing`, { rule: loopback }))).toMatchObject({
      code: 'http_status',
      arg: '404',
    });
    for (const url of ['ftp://example.com/x', 'not a url', 'file:///etc/passwd', 'http://u:p@example.com/'])
      expect(await failure(guardedFetchText(url, { rule: loopback }))).toMatchObject({ code: 'url_invalid' });
  });
});

describe('guardedRequest: names and redirects', () => {
  // A fake name server: no test here needs DNS, and a refused name is refused before any socket connects.
  const names: Record<string, string[]> = {
    'loop.test': ['127.0.0.1'],
    'loop6.test': ['::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'meta.test': ['169.254.169.254'],
    'private.test': ['10.0.0.7'],
    'zero.test': ['0.0.0.0'],
    'linklocal.test': ['fe80::1'],
    'mixed.test': ['8.8.8.8', '127.0.0.1'],
  };
  const resolver: Resolver = async (host) =>
    (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it.each(Object.keys(names).filter((n) => n !== 'mixed.test'))(
    'refuses %s, whose address is internal',
    async (host) => {
      const error = await failure(guardedRequest(`http://${host}/`, { rule: parseAllowRule(''), resolver }));
      expect(error.code).toBe('address_refused');
    },
  );

  it('connects only to the allowed address of a name that has several (pinned to the checked one)', async () => {
    const port = new URL(base).port;
    const seenBefore = seen.length;
    const response = await guardedRequest(`http://mixed.test:${port}/spec`, {
      rule: parseAllowRule('127.0.0.1'),
      // The private address is refused by the rule, so the socket is handed the loopback one only.
      resolver: async () => [
        { address: '10.9.9.9', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(response.body.toString()).toBe('{"openapi":"3.0.0"}');
    expect(seen.length).toBe(seenBefore + 1);
  });

  it('checks every hop with checkUrl and sends the method and body on', async () => {
    const visited: string[] = [];
    await failure(
      guardedRequest(`${base}/redirect`, {
        rule: loopback,
        checkUrl: (url) => {
          visited.push(url.pathname);
          if (url.pathname === '/spec') throw new FetchError('address_refused', 'outside');
        },
      }),
    );
    expect(visited).toEqual(['/redirect', '/spec']);
  });
});
