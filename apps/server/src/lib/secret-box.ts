import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { nowIso } from './clock.ts';

/**
 * Encrypts secrets Quire must send back out later (the basic-auth password of a swagger URL), with
 * AES-256-GCM. The key is QUIRE_SECRET_KEY (any string; its sha256 is the key) when set. Otherwise a random
 * key is generated once and kept in `server_keys`, shared by every instance on the database: that still keeps
 * the passwords out of backups of single tables and out of every API answer, but anyone with the whole
 * database has the key, so production installs should set QUIRE_SECRET_KEY.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      data.toString('base64'),
    ].join(':');
  }

  /** The plain text, or null when the value was sealed with another key or altered. */
  open(sealed: string): string | null {
    if (!sealed) return '';
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

const KEY_NAME = 'secret-box';
let cached: { db: Db; box: Promise<SecretBox> } | undefined;

/** The secret box of this database (the configured key, or the stored one, created on first use). */
export function secretBoxOf(db: Db, configured: string | undefined): Promise<SecretBox> {
  if (configured) return Promise.resolve(new SecretBox(createHash('sha256').update(configured).digest()));
  if (cached?.db === db) return cached.box;
  const box = storedKey(db).then((key) => new SecretBox(key));
  cached = { db, box };
  box.catch(() => {
    cached = undefined;
  });
  return box;
}

async function storedKey(db: Db): Promise<Buffer> {
  const read = () =>
    db.selectFrom('serverKeys').select('value').where('name', '=', KEY_NAME).executeTakeFirst();
  const found = await read();
  if (found) return Buffer.from(found.value, 'base64');
  try {
    await db
      .insertInto('serverKeys')
      .values({ name: KEY_NAME, value: randomBytes(32).toString('base64'), createdAt: nowIso() })
      .execute();
  } catch (error) {
    // Another instance created it first: use theirs.
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await read();
  if (!row) throw new Error('secret key missing after insert');
  return Buffer.from(row.value, 'base64');
}
