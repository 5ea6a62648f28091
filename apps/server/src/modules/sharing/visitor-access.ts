import { randomInt } from 'node:crypto';
import { VISITOR_TOKEN_HEADER, type VisitorSession } from '@quire/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { reserveAttempt } from '../throttle/throttle.service.ts';
import {
  deleteVisitorSessions,
  findVisitorSession,
  insertVisitorSession,
} from './visitor-sessions.repository.ts';

/**
 * Passwords and visitor sessions of shares and composed projects. Torna checked these passwords in the
 * browser and served the data to anyone; here every public call asks `hasVisitorSession` first.
 */

/** How long a correct password keeps a visitor in (a working day). */
export const VISITOR_SESSION_MS = 12 * 60 * 60 * 1000;

// No 0/O, 1/l/I: the password is read aloud and typed from a chat message.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_LENGTH = 8;

/** `share:<id>` or `compose:<id>`: what a session and a failure counter are about. */
export type VisitorSubject = `share:${string}` | `compose:${string}`;

/** A new random password: 8 characters of 55, about 46 bits, behind a slow hash and throttling. */
export function generateVisitorPassword(): string {
  let out = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** The stored pair of a new password: argon2 hash to verify, sealed copy for the managers to read. */
export async function protectPassword(
  box: SecretBox,
  password: string,
): Promise<{ passwordHash: string; passwordSealed: string }> {
  return { passwordHash: await hashPassword(password), passwordSealed: box.seal(password) };
}

/** The cookie that also carries a subject's token, so clients that simply keep cookies keep the session. */
function cookieName(subject: VisitorSubject): string {
  return `quire_${subject.replace(':', '_')}`;
}

/** The visitor token the request carries for a subject: the `X-Share-Token` header, else the subject's cookie. */
function tokenOf(request: FastifyRequest, subject: VisitorSubject): string | undefined {
  const value = request.headers[VISITOR_TOKEN_HEADER];
  const header = Array.isArray(value) ? value[0] : value;
  if (header) return header.length <= 128 ? header : undefined;
  const name = `${cookieName(subject)}=`;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(name)) {
      const token = cookie.slice(name.length);
      return token.length <= 128 ? token : undefined;
    }
  }
  return undefined;
}

/**
 * Sets the subject's session cookie beside the token in the answer: HttpOnly, as long as the session lives.
 * The page sends the header itself; the cookie serves clients that keep cookies, for the calls under `/api`
 * and for `/share/{id}/llms.txt` and `/show/{id}/llms.txt` (so its path is the whole site).
 */
export function setVisitorCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  subject: VisitorSubject,
  session: VisitorSession,
): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${cookieName(subject)}=${session.token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** Whether the request holds a live session for this subject. */
export async function hasVisitorSession(
  db: Db,
  request: FastifyRequest,
  subject: VisitorSubject,
): Promise<boolean> {
  const token = tokenOf(request, subject);
  if (!token) return false;
  const row = await findVisitorSession(db, sha256(token));
  return row !== undefined && row.subject === subject && row.expiresAt > nowIso();
}

/** Refuses with `share.password_required` unless the request holds a session for the subject. */
export async function requireVisitorSession(
  db: Db,
  request: FastifyRequest,
  subject: VisitorSubject,
): Promise<void> {
  if (!(await hasVisitorSession(db, request, subject))) throw new AppError('share.password_required');
}

/**
 * Checks a typed password (already trimmed) against the stored hash, throttled before any hashing by the rule
 * of `modules/throttle/throttle-rule.ts` (a wrong-guessing address is slowed, a clean address always gets its
 * password checked, so nobody locks a share's rightful visitors out). A correct one answers a new session
 * token for this subject only.
 */
export async function checkVisitorPassword(
  db: Db,
  input: { subject: VisitorSubject; passwordHash: string; password: string; ip: string },
): Promise<VisitorSession> {
  const slot = await reserveAttempt(
    db,
    { kind: input.subject.startsWith('share:') ? 'share' : 'compose', target: input.subject, ip: input.ip },
    'share.password_throttled',
  );
  // A public subject has no hash: spend the same time and refuse, so the answer tells nothing new.
  const ok = input.passwordHash
    ? await verifyPassword(input.passwordHash, input.password)
    : (await verifyPassword(await decoyHash(), input.password)) && false;
  const now = nowIso();
  if (!ok) throw new AppError('share.password_wrong');
  await slot.succeeded();
  const token = newSecret();
  const expiresAt = new Date(Date.now() + VISITOR_SESSION_MS).toISOString();
  await insertVisitorSession(db, {
    tokenHash: sha256(token),
    subject: input.subject,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** Ends every session of a subject: a new password, a switch to public or a deletion. */
export async function endVisitorSessions(db: Db, subject: VisitorSubject): Promise<void> {
  await deleteVisitorSessions(db, subject);
}
