import { type Kysely, sql } from 'kysely';

/**
 * What the migrations write differently on MySQL/MariaDB. A migration never imports application code, so the
 * dialect is read from the adapter here too; the rest of the MySQL schema rules (keyed `text` columns as
 * varchar, other `text` as longtext, binary collation) are applied by `db/mysql-schema-plugin.ts`.
 */
export function isMysql(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Mysql');
}

/**
 * The type of a text column that a later CREATE INDEX covers: `text` on SQLite and PostgreSQL, `varchar(n)` on
 * MySQL, which cannot index TEXT without a prefix length. 191 characters by default (ids, names, timestamps,
 * states); an index of several columns must stay within InnoDB's 3,072 bytes (4 bytes a character).
 */
export function indexedText(db: Kysely<unknown>, length = 191): 'text' | `varchar(${number})` {
  return isMysql(db) ? `varchar(${length})` : 'text';
}

/**
 * MySQL has no partial index. "Unique among live rows" is a unique index over the columns and an invisible
 * generated column that is 1 for a live row and NULL otherwise: NULLs never conflict, so rows outside the
 * condition are not keyed. Invisible, so `select *` and the data move (which copies stored columns only) never
 * see it.
 */
export async function createLiveUniqueIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: ReadonlyArray<string>,
  liveCondition: string,
): Promise<void> {
  const flag = `${name}_key`;
  await sql`alter table ${sql.table(table)} add column ${sql.id(flag)} tinyint
    generated always as (case when ${sql.raw(liveCondition)} then 1 end) stored invisible`.execute(db);
  await sql`create unique index ${sql.id(name)} on ${sql.table(table)}
    (${sql.join([...columns, flag].map((c) => sql.id(c)))})`.execute(db);
}
