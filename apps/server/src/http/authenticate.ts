import { PERSONAL_TOKEN_PREFIX } from '@quire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { MembershipRow } from '../db/memberships.repository.ts';
import {
  findPersonalTokenByHash,
  type PersonalTokenWithUser,
  touchPersonalToken,
} from '../db/personal-tokens.repository.ts';
import {
  findSession,
  findSessionWithMemberships,
  findSessionWithMembershipsNow,
  type SessionWithMemberships,
  type SessionWithUser,
  touchSession,
} from '../db/sessions.repository.ts';
import { nowIso } from '../lib/clock.ts';
import { sha256 } from '../lib/ids.ts';
import { primeAccess } from './access.ts';
import { AppError } from './app-error.ts';
import { langFromHeader } from './lang.ts';
import type { Actor, AuthLevel } from './types.ts';

/** How often the last-used time of a session is written: not on every request, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;

const BEARER = /^Bearer\s/i;

/** The raw token of a request: `Authorization: Bearer`, `X-Token`, or Torna's `token` header. */
export function readToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth) return (BEARER.test(auth) ? auth.slice(7) : auth).trim() || undefined;
  const header = request.headers['x-token'] ?? request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/** Splits `<userId>:<secret>`; anything else is not a token. */
export function parseToken(token: string): { userId: string; secret: string } | undefined {
  const colon = token.indexOf(':');
  if (colon <= 0 || colon === token.length - 1 || token.length > 512) return undefined;
  return { userId: token.slice(0, colon), secret: token.slice(colon + 1) };
}

/**
 * Resolves the actor of a token, or null when the token is unknown, expired, revoked, or its user disabled.
 * Answers synchronously when the session lookup can (SQLite files): authentication runs on every request,
 * and skipping the promise chain there is a measurable share of a small request's cost. On that path and on
 * PostgreSQL the same statement reads the user's memberships, handed to `onMemberships` for an active user.
 */
export function resolveActor(
  db: Db,
  token: string | undefined,
  onTouchError: (error: unknown) => void = () => {},
  onMemberships?: (actor: Actor, memberships: ReadonlyArray<MembershipRow>) => void,
): Actor | null | Promise<Actor | null> {
  if (!token) return null;
  if (token.startsWith(PERSONAL_TOKEN_PREFIX)) return resolvePersonalToken(db, token, onTouchError);
  const parts = parseToken(token);
  if (!parts) return null;
  const secretHash = sha256(parts.secret);
  const found = findSessionWithMembershipsNow(db, parts.userId, secretHash);
  if (found === null) {
    // PostgreSQL: session and memberships in one round trip; MySQL: the session alone (memberships later).
    const both = findSessionWithMemberships(db, parts.userId, secretHash);
    if (both) return both.then((row) => actorWithMemberships(db, row, onTouchError, onMemberships));
    return findSession(db, parts.userId, secretHash).then((row) => actorOfSession(db, row, onTouchError));
  }
  return actorWithMemberships(db, found, onTouchError, onMemberships);
}

/** The actor of a session read with its memberships, handed to `onMemberships` for an active user. */
function actorWithMemberships(
  db: Db,
  found: SessionWithMemberships | undefined,
  onTouchError: (error: unknown) => void,
  onMemberships?: (actor: Actor, memberships: ReadonlyArray<MembershipRow>) => void,
): Actor | null {
  const actor = actorOfSession(db, found?.session, onTouchError);
  if (actor && found && actor.user.status === 1) onMemberships?.(actor, found.memberships);
  return actor;
}

function actorOfSession(
  db: Db,
  row: SessionWithUser | undefined,
  onTouchError: (error: unknown) => void,
): Actor | null {
  if (!row) return null;
  const now = Date.now();
  if (Date.parse(row.expiresAt) <= now) return null;
  if (row.status !== 1 && row.status !== 2) return null;
  if (now - Date.parse(row.lastUsedAt) > TOUCH_INTERVAL_MS) {
    // Bookkeeping only: the request does not wait for it, and a failure must not fail the request.
    touchSession(db, row.sessionId, nowIso()).catch(onTouchError);
  }
  return {
    sessionId: row.sessionId,
    user: {
      id: row.userId,
      username: row.username,
      nickname: row.nickname,
      status: row.status,
      isSuperAdmin: row.isSuperAdmin === 1,
      lang: row.lang,
      source: row.source,
    },
  };
}

/**
 * The actor of a personal access token (`qpat_...`, see modules/tokens), or null when it is unknown, revoked,
 * expired, or its user is not active (disabled, or must still set a password). Read on every request, so
 * revoking the token or disabling the user ends it at once. The whole token is hashed (sha256: a 256-bit
 * random secret needs no slow hash); its last use is written at most once a minute.
 */
export async function resolvePersonalToken(
  db: Db,
  token: string,
  onTouchError: (error: unknown) => void = () => {},
): Promise<Actor | null> {
  if (token.length > 200) return null;
  const row = await findPersonalTokenByHash(db, sha256(token));
  if (!row || !isLive(row)) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > TOUCH_INTERVAL_MS) {
    touchPersonalToken(db, row.tokenId, nowIso()).catch(onTouchError);
  }
  const projectIds: string[] | null = row.projectIds ? JSON.parse(row.projectIds) : null;
  return {
    sessionId: '',
    token: {
      id: row.tokenId,
      readOnly: row.readOnly === 1,
      projectIds,
      ownerIsSuperAdmin: row.isSuperAdmin === 1,
    },
    user: {
      id: row.userId,
      username: row.username,
      nickname: row.nickname,
      status: 1, // only active users pass `isLive`
      // A token limited to projects is no super admin: it sees those projects only (http/access.ts).
      isSuperAdmin: row.isSuperAdmin === 1 && projectIds === null,
      lang: row.lang,
      source: row.source,
    },
  };
}

function isLive(row: PersonalTokenWithUser): boolean {
  if (row.revokedAt || row.status !== 1) return false;
  return !row.expiresAt || Date.parse(row.expiresAt) > Date.now();
}

/**
 * Web API paths a personal token never reaches, whatever its scope: the admin console, the token calls
 * themselves, and whatever changes the account's credentials or ends a login session.
 */
const TOKEN_FORBIDDEN_PREFIXES = ['/api/admin/', '/api/user/token/'];
const TOKEN_FORBIDDEN_PATHS: ReadonlySet<string> = new Set([
  '/api/user/password/update',
  '/api/system/password/updateByFirstLogin',
  '/api/user/logout',
  '/api/user/update',
]);

/** Methods a read-only personal token may use: Quire's web API reads with GET and writes with POST. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/**
 * The POST calls that only read (a page of a list, a search, code generated from a doc): a read-only token
 * may make them. Every other POST is a write. A call added here must change nothing stored.
 */
const READ_POSTS: ReadonlySet<string> = new Set([
  '/api/space/member/page',
  '/api/user/message/page',
  '/api/user/search',
  '/api/doc/gen/generate',
  // Reads that answer a file or a run of a mock as edited, without saving it.
  '/api/doc/export',
  '/api/doc/mock/run',
  // Comparisons and a release's list of docs: POST for their bodies, but they change nothing.
  '/api/module/compare',
  '/api/project/release/bind/list',
]);

/** The refusal of a call a personal token may not make, or undefined when its scope allows it. */
function refuseForToken(request: FastifyRequest, level: AuthLevel, actor: Actor): AppError | undefined {
  const scope = actor.token;
  if (!scope) return undefined;
  const path = request.routeOptions.url ?? '';
  if (
    level === 'superAdmin' ||
    TOKEN_FORBIDDEN_PATHS.has(path) ||
    TOKEN_FORBIDDEN_PREFIXES.some((prefix) => path.startsWith(prefix))
  )
    return new AppError('token.not_allowed');
  // A token limited to projects works inside them only: it does not open new spaces.
  if (scope.projectIds && path === '/api/space/add') return new AppError('token.not_allowed');
  // The central read-only rule: every write call, whatever the policy of its project would say.
  if (scope.readOnly && !READ_METHODS.has(request.method) && !READ_POSTS.has(path))
    return new AppError('token.read_only');
  return undefined;
}

/** Applies the route's auth level to the resolved actor: the error to answer, or undefined to go on. */
function admit(request: FastifyRequest, level: AuthLevel, actor: Actor | null): AppError | undefined {
  request.actor = actor;
  if (actor && !request.headers['accept-language'] && actor.user.lang) request.lang = actor.user.lang;
  if (level === 'optional') return actor ? refuseForToken(request, level, actor) : undefined;
  if (!actor) return new AppError('1000');
  const refused = refuseForToken(request, level, actor);
  if (refused) return refused;
  if (level === 'pending') return undefined;
  if (actor.user.status === 2) return new AppError('2000');
  if (level === 'superAdmin' && !actor.user.isSuperAdmin) return new AppError('auth.forbidden');
  return undefined;
}

/**
 * Default-deny authentication: every route is for active users unless its `config.auth` says otherwise.
 * Runs before the body is parsed, so an anonymous caller learns nothing about a protected route's input.
 * A callback hook rather than an async one: on the common path it finishes without a promise.
 */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', '');
  app.decorateRequest('accessContext', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = langFromHeader(request.headers['accept-language']) ?? 'zh-CN';
    const route = request.routeOptions;
    if (!route.url) return done(); // 404s and the SPA fallback carry no auth requirement.
    const level: AuthLevel = route.config.auth ?? 'user';
    if (level === 'public') return done();
    let resolved: Actor | null | Promise<Actor | null>;
    try {
      resolved = resolveActor(
        db,
        readToken(request),
        (error) =>
          request.log.warn({ reqId: request.id, err: error }, 'could not record the use of a session'),
        (actor, memberships) => primeAccess(request, actor, memberships),
      );
    } catch (error) {
      return done(error as Error);
    }
    if (resolved instanceof Promise) {
      resolved.then((actor) => done(admit(request, level, actor)), done);
    } else {
      done(admit(request, level, resolved));
    }
  });
}
