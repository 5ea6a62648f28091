import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { MembershipRow } from '../db/memberships.repository.ts';
import {
  findSession,
  findSessionWithMembershipsNow,
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
 * and skipping the promise chain there is a measurable share of a small request's cost. On that path the
 * same statement reads the user's memberships, handed to `onMemberships` for an active user.
 */
export function resolveActor(
  db: Db,
  token: string | undefined,
  onTouchError: (error: unknown) => void = () => {},
  onMemberships?: (actor: Actor, memberships: ReadonlyArray<MembershipRow>) => void,
): Actor | null | Promise<Actor | null> {
  if (!token) return null;
  const parts = parseToken(token);
  if (!parts) return null;
  const secretHash = sha256(parts.secret);
  const found = findSessionWithMembershipsNow(db, parts.userId, secretHash);
  if (found === null) {
    return findSession(db, parts.userId, secretHash).then((row) => actorOfSession(db, row, onTouchError));
  }
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

/** Applies the route's auth level to the resolved actor: the error to answer, or undefined to go on. */
function admit(request: FastifyRequest, level: AuthLevel, actor: Actor | null): AppError | undefined {
  request.actor = actor;
  if (actor && !request.headers['accept-language'] && actor.user.lang) request.lang = actor.user.lang;
  if (level === 'optional') return undefined;
  if (!actor) return new AppError('1000');
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
