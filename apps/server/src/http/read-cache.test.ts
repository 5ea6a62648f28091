import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, insertPlainUser } from '../../test/test-databases.ts';
import { accessKey, ReadCache, sendCached } from './read-cache.ts';

describe('ReadCache', () => {
  it('answers a body only for the version it was kept at', () => {
    const cache = new ReadCache(1000);
    cache.set('a', '1', 'body-a');
    expect(cache.get('a', '1')).toBe('body-a');
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('a', '1')).toBeUndefined(); // an outdated entry is dropped, not kept
  });

  it('drops the least recently used bodies past its byte budget', () => {
    const cache = new ReadCache(100);
    cache.set('a', '1', 'x'.repeat(20));
    cache.set('b', '1', 'y'.repeat(20));
    cache.get('a', '1');
    cache.set('c', '1', 'z'.repeat(20));
    cache.set('d', '1', 'w'.repeat(20));
    cache.set('e', '1', 'v'.repeat(20)); // 100 bytes: still fits
    cache.set('f', '1', 'u'.repeat(20)); // over: the oldest use (b) goes
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe('x'.repeat(20));
    expect(cache.size).toBe(5);
  });

  it('keeps no body larger than a quarter of its budget', () => {
    const cache = new ReadCache(100);
    cache.set('big', '1', 'x'.repeat(30));
    expect(cache.get('big', '1')).toBeUndefined();
  });
});

describe('accessKey', () => {
  it('differs whenever a role differs, whatever the order the maps were filled in', () => {
    const base = {
      userId: 'u1',
      isSuperAdmin: false,
      spaceRoles: new Map([
        ['s1', 'admin' as const],
        ['s2', 'guest' as const],
      ]),
      projectRoles: new Map([['p1', 'dev' as const]]),
    };
    const reordered = { ...base, spaceRoles: new Map([...base.spaceRoles].reverse()) };
    expect(accessKey(reordered)).toBe(accessKey(base));
    expect(accessKey({ ...base, projectRoles: new Map() })).not.toBe(accessKey(base));
    expect(accessKey({ ...base, isSuperAdmin: true })).not.toBe(accessKey(base));
    expect(accessKey({ ...base, spaceRoles: new Map([['s1', 'dev' as const]]) })).not.toBe(accessKey(base));
    expect(accessKey({ ...base, userId: 'u2' })).not.toBe(accessKey(base));
  });
});

describe('sendCached', () => {
  it('builds an answer once however many callers ask at once, and again after a write', async () => {
    const database = await createTestDatabase('sqlite');
    const app = Fastify();
    const cache = new ReadCache();
    let builds = 0;
    app.get('/thing', async (request, reply) =>
      sendCached(request, reply, cache, database.db, 'thing', async () => {
        builds += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { builds };
      }),
    );
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject('/thing')));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(builds).toBe(1);
      await database.db.updateTable('users').set({ nickname: 'x' }).where('id', '=', 'nobody').execute();
      expect(builds).toBe(1);
      await insertPlainUser(database.db, 'u-read-cache', 'reader', 'Reader');
      const after = await app.inject('/thing');
      expect(after.json()).toEqual({ code: '0', msg: '', data: { builds: 2 } });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
