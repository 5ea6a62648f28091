import { hash, randomBytes, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random, unguessable 16-character id of letters and digits (~95 bits), safe in URLs and route params. */
export function newId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** A high-entropy secret (256 bits) for tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A readable random password for first logins and resets: 16 letters and digits. */
export function newPassword(): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** sha256 hex digest; for high-entropy secrets only (passwords use argon2id). */
export function sha256(value: string): string {
  // The one-shot form: every authenticated request hashes its token, and it skips the Hash object.
  return hash('sha256', value, 'hex');
}
