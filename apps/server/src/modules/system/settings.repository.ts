import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import { nowIso } from '../../lib/clock.ts';

/** Reads one system setting. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('systemConfig').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes one system setting (insert or update). */
export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  const updatedAt = nowIso();
  await upsert(db, db.insertInto('systemConfig').values({ key, value, updatedAt }), ['key'], {
    value,
    updatedAt,
  }).execute();
}
