import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CacheScope, readCacheVersion } from '../db/cache-versions.ts';
import type { Db } from '../db/database.ts';
import type { AccessContext } from '../policies/access-context.ts';
import { ok } from './reply.ts';

/** Lists: only the global counter (db/cache-versions.ts). */
const GLOBAL: CacheScope = { kind: 'global' };

/** Bytes of serialized answers one instance keeps: a 1,000-doc tree is about 100 KB. */
const DEFAULT_BUDGET = 64 * 1024 * 1024;

interface Entry {
  version: string;
  body: string;
}

/**
 * Serialized answers of what every visitor reads (trees, doc details, space and project lists), each kept
 * under the version of the data it was built from (db/cache-versions.ts: the global counter, plus for a tree
 * its applications' counters and for a doc detail the doc's and its application's). A key names everything the answer depends on besides the data:
 * callers authorize before asking, and a key holds whatever of the caller shapes the answer (the set of
 * readable projects, or the user), so one user's view is never served to another. Least recently used
 * answers go first once the byte budget is spent.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Answers being built, by key and version: after a write, the many readers of one tree wait for one build
   * instead of each building it (on a 1,000-doc tree, 50 readers would spend 50 builds' CPU at once).
   */
  readonly building = new Map<string, Promise<string>>();

  constructor(private readonly budget = DEFAULT_BUDGET) {}

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.drop(key, entry);
      return undefined;
    }
    this.entries.delete(key); // re-insert: Map order is the LRU order
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (body.length > this.budget / 4) return; // one giant answer must not flush everything else
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.drop(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/**
 * The part of a key that names a caller's whole access (user, super admin flag, every role), for answers
 * presented through it. The access was read when the request arrived, before the data version: keying by it,
 * not by the user alone, means an answer built from access that a concurrent commit just changed is kept
 * under that old access, which no later request has, instead of being served as the user's current view.
 */
export function accessKey(access: AccessContext): string {
  const roles = (map: ReadonlyMap<string, string>) =>
    [...map]
      .map(([id, role]) => `${id}=${role}`)
      .sort()
      .join(',');
  const scope = access.scope;
  // A personal token's scope changes what the same roles may see (policies/access-context.ts).
  const scoped = scope
    ? `|${scope.readOnly ? 'r' : 'w'}:${scope.projectIds ? [...scope.projectIds].sort().join(',') : '*'}`
    : '';
  return `${access.userId}|${access.isSuperAdmin ? 1 : 0}|${roles(access.spaceRoles)}|${roles(access.projectRoles)}${scoped}`;
}

/** True when `If-None-Match` names the tag (a list, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Answers a read from the cache: `304 Not Modified` when the browser holds the current answer (its ETag is
 * the version of `scope` and the key), else the kept body, else `build()` serialized through the route's schema
 * and kept. The version is read before building, so a write racing the build can only make the kept answer
 * newer than its version, never older. `private, no-cache`: the browser revalidates every time, and shared
 * caches keep nothing (answers depend on the caller).
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  db: Db,
  key: string,
  build: () => Promise<unknown>,
  scope: CacheScope = GLOBAL,
): Promise<FastifyReply> {
  const version = await readCacheVersion(db, scope);
  // The version names counters and ids: hashed with the key, so the tag stays short and opaque.
  const tag = createHash('sha256').update(version).update('\n').update(key).digest('base64url').slice(0, 22);
  const etag = `W/"${tag}"`;
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  let body = cache.get(key, version);
  if (body === undefined) {
    const flight = `${version} ${key}`;
    let pending = cache.building.get(flight);
    if (!pending) {
      pending = build().then((data) => {
        const serialized = reply.serialize(ok(data));
        const text =
          typeof serialized === 'string'
            ? serialized
            : Buffer.from(serialized as ArrayBuffer).toString('utf8');
        cache.set(key, version, text);
        return text;
      });
      cache.building.set(flight, pending);
      // Dropped once settled, success or failure: a failed build is not remembered, the next call retries.
      const settled = () => cache.building.delete(flight);
      pending.then(settled, settled);
    }
    body = await pending;
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
