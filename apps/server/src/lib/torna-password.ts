import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Passwords of accounts brought from Torna (`quire import-torna`, docs/torna-import.md). Torna stores
 * md5hex(username + md5hex(password) + salt); the import keeps that value, with its salt, in the account's
 * password column as `$torna-md5$<salt, base64url>$<hex>`, a form argon2 never verifies. The first successful
 * login checks it here and the account is re-hashed with argon2id at once, so the md5 is gone after one login.
 */

const PREFIX = '$torna-md5$';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The stored form of a Torna password hash. */
export function tornaPasswordHash(salt: string, tornaHash: string): string {
  return `${PREFIX}${Buffer.from(salt, 'utf8').toString('base64url')}$${tornaHash.trim().toLowerCase()}`;
}

export function isTornaPasswordHash(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** True when `password` is the one Torna hashed for `username`; constant-time on the digest. */
export function verifyTornaPassword(stored: string, username: string, password: string): boolean {
  if (!isTornaPasswordHash(stored)) return false;
  const [salt64, expected] = stored.slice(PREFIX.length).split('$');
  if (salt64 === undefined || !expected || !/^[0-9a-f]{32}$/.test(expected)) return false;
  const salt = Buffer.from(salt64, 'base64url').toString('utf8');
  const actual = md5(`${username}${md5(password)}${salt}`);
  return timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}
