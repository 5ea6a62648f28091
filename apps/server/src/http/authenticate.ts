import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/clock.ts';
import { sha256 } from '../lib/ids.ts';
import { findSession, touchSession } from '../modules/auth/sessions.repository.ts';
import { AppError } from './app-error.ts';
import { langFromHeader } from './lang.ts';
import type { Actor, AuthLevel } from './types.ts';

/** How often the last-used time of a session is written: not on every request, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/** The raw token of a request: `Authorization: Bearer`, `X-Token`, or Torna's `token` header. */
export function readToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth) return auth.replace(/^Bearer\s+/i, '').trim() || undefined;
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

/** Resolves the actor of a token, or null when the token is unknown, expired, revoked, or its user disabled. */
export async function resolveActor(db: Db, token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const parts = parseToken(token);
  if (!parts) return null;
  const row = await findSession(db, parts.userId, sha256(parts.secret));
  if (!row) return null;
  const now = Date.now();
  if (Date.parse(row.expiresAt) <= now) return null;
  if (row.status !== 1 && row.status !== 2) return null;
  if (now - Date.parse(row.lastUsedAt) > TOUCH_INTERVAL_MS) await touchSession(db, row.sessionId, nowIso());
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
 * Default-deny authentication: every route is for active users unless its `config.auth` says otherwise.
 * Runs before the body is parsed, so an anonymous caller learns nothing about a protected route's input.
 */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', '');
  app.addHook('onRequest', async (request) => {
    request.lang = langFromHeader(request.headers['accept-language']) ?? 'zh-CN';
    if (!request.routeOptions.url) return; // 404s and the SPA fallback carry no auth requirement.
    const level: AuthLevel = request.routeOptions.config.auth ?? 'user';
    const token = readToken(request);
    if (level === 'public') return;
    request.actor = await resolveActor(db, token);
    if (request.actor && !request.headers['accept-language'] && request.actor.user.lang)
      request.lang = request.actor.user.lang;
    if (level === 'optional') return;
    if (!request.actor) throw new AppError('1000');
    if (level === 'pending') return;
    if (request.actor.user.status === 2) throw new AppError('2000');
    if (level === 'superAdmin' && !request.actor.user.isSuperAdmin) throw new AppError('auth.forbidden');
  });
}
