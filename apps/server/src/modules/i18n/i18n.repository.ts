import type { Db } from '../../db/database.ts';

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
