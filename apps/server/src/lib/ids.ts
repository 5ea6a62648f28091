import { hash, randomBytes, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes drawn in blocks: an import gives ids to tens of thousands of rows, and one call into the CSPRNG
// per character was a tenth of its write phase.
const POOL_SIZE = 4_096;
let pool = Buffer.alloc(0);
let poolAt = 0;

function randomByte(): number {
  if (poolAt >= pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolAt = 0;
  }
  return pool[poolAt++] as number;
}

/** A random, unguessable 16-character id of letters and digits (~95 bits), safe in URLs and route params. */
export function newId(): string {
  let id = '';
  while (id.length < 16) {
    // 62 letters and digits: bytes are masked to 0..63 and 62, 63 drawn again, so every character is uniform.
    const n = randomByte() & 63;
    if (n < ALPHABET.length) id += ALPHABET[n];
  }
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
