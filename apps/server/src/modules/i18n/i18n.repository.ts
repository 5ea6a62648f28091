import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';

/** One stored language pack. */
export interface PackRow {
  id: string;
  lang: string;
  description: string;
  content: string;
}

/** Finds the pack of a language. */
export function findPackByLang(db: Db, lang: string): Promise<PackRow | undefined> {
  return db
    .selectFrom('i18nPacks')
    .select(['id', 'lang', 'description', 'content'])
    .where('lang', '=', lang)
    .executeTakeFirst();
}

/** Lists packs without their (large) content. */
export function listPacks(db: Db): Promise<Array<{ lang: string; description: string }>> {
  return db.selectFrom('i18nPacks').select(['lang', 'description']).orderBy('lang').execute();
}

/** A stored pack with its timestamps, for the admin screens. */
export interface PackDetailRow extends PackRow {
  updatedAt: string;
}

/** Every uploaded pack with its content, by language. */
export function listPackDetails(db: Db): Promise<PackDetailRow[]> {
  return db
    .selectFrom('i18nPacks')
    .select(['id', 'lang', 'description', 'content', 'updatedAt'])
    .orderBy('lang')
    .execute();
}

/** A pack by id. */
export function findPackById(db: Db, id: string): Promise<PackDetailRow | undefined> {
  return db
    .selectFrom('i18nPacks')
    .select(['id', 'lang', 'description', 'content', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Creates or replaces the pack of a language. */
export async function upsertPack(
  db: Db,
  row: { id: string; lang: string; description: string; content: string; now: string },
): Promise<void> {
  await upsert(
    db,
    db.insertInto('i18nPacks').values({
      id: row.id,
      lang: row.lang,
      description: row.description,
      content: row.content,
      createdAt: row.now,
      updatedAt: row.now,
    }),
    ['lang'],
    { description: row.description, content: row.content, updatedAt: row.now },
  ).execute();
}

/** Deletes a pack. */
export async function deletePack(db: Db, id: string): Promise<void> {
  await db.deleteFrom('i18nPacks').where('id', '=', id).execute();
}
