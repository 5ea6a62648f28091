import { type Expression, type InsertQueryBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Db } from './database.ts';

/** The SQL dialects Quire runs on; `mysql` covers MariaDB 10.6+ and MySQL 8. */
export type Dialect = 'sqlite' | 'postgres' | 'mysql';

/**
 * The only place that may branch on the SQL dialect. Everything else writes portable Kysely. Takes any handle
 * (migrations receive `Kysely<unknown>`), read from the adapter class Kysely picked for the dialect.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database shape; only the adapter is read.
export function dialectOf(db: Kysely<any>): Dialect {
  const name = db.getExecutor().adapter.constructor.name;
  if (name.startsWith('Postgres')) return 'postgres';
  if (name.startsWith('Mysql')) return 'mysql';
  return 'sqlite';
}

/**
 * True on a database server several instances may share (PostgreSQL, MySQL): row locks and `SKIP LOCKED`
 * coordinate them. SQLite has one writer process and needs neither.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database shape; only the adapter is read.
export function isSharedServer(db: Kysely<any>): boolean {
  return dialectOf(db) !== 'sqlite';
}

/** `a || b` as text: MySQL reads `||` as OR, so it concatenates with `concat()`. */
export function concatText(
  // biome-ignore lint/suspicious/noExplicitAny: any database shape; only the adapter is read.
  db: Kysely<any>,
  ...parts: ReadonlyArray<Expression<unknown>>
): RawBuilder<string> {
  if (dialectOf(db) === 'mysql') return sql<string>`concat(${sql.join(parts)})`;
  return sql<string>`(${sql.join(parts, sql` || `)})`;
}

/** True when an error is a unique-constraint violation on any dialect (MySQL: ER_DUP_ENTRY, errno 1062). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062
  );
}

/**
 * The schema unqualified names resolve to on PostgreSQL (the `search_path` head); undefined on SQLite and
 * MySQL, where a connection sees one database. Kysely's migrator looks for its bookkeeping tables in every
 * schema it can see, so it must be told which one is ours, or another schema's tables (a second app, a
 * parallel test) would be mistaken for ours.
 */
export async function currentSchema(db: Db): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema;
}

/**
 * "Insert, or on a key conflict update these columns" (`doUpdateSet`) or "insert, or keep the existing row"
 * (no `set`): `ON CONFLICT` on SQLite and PostgreSQL, `ON DUPLICATE KEY UPDATE` on MySQL, which has no
 * conflict target (any unique key of the row counts; callers conflict on the primary key or one unique key).
 * "Keep the existing row" is a no-op update rather than `INSERT IGNORE`, which would also swallow errors
 * that are not conflicts (a missing referenced row).
 */
// biome-ignore lint/suspicious/noExplicitAny: the builder's own type parameters are carried through unchanged.
export function upsert<QB extends InsertQueryBuilder<any, any, any>>(
  // biome-ignore lint/suspicious/noExplicitAny: any database shape; only the adapter is read.
  db: Kysely<any>,
  insert: QB,
  conflictColumns: ReadonlyArray<string>,
  set?: Record<string, unknown>,
): QB {
  // biome-ignore lint/suspicious/noExplicitAny: column names are checked by the caller's `values`.
  const builder = insert as InsertQueryBuilder<any, any, any>;
  if (dialectOf(db) === 'mysql') {
    const first = conflictColumns[0] ?? 'id';
    return builder.onDuplicateKeyUpdate(set ?? { [first]: sql.ref(first) }) as QB;
  }
  return builder.onConflict((oc) => {
    const target = oc.columns(conflictColumns as string[]);
    return set ? target.doUpdateSet(set) : target.doNothing();
  }) as QB;
}

/** Which search index the doc search reads (migration `create-doc-search`). */
export type SearchIndexKind = 'fts5' | 'trigram' | 'tsvector' | 'fulltext';

const searchIndexKinds = new WeakMap<Db, Promise<SearchIndexKind>>();

/**
 * SQLite always has the FTS5 table; PostgreSQL has the trigram index when pg_trgm could be installed, else the
 * full-text one; MySQL has its FULLTEXT index. Asked once per database handle.
 */
export function searchIndexKind(db: Db): Promise<SearchIndexKind> {
  let kind = searchIndexKinds.get(db);
  if (!kind) {
    const dialect = dialectOf(db);
    kind =
      dialect === 'sqlite'
        ? Promise.resolve('fts5')
        : dialect === 'mysql'
          ? Promise.resolve('fulltext')
          : sql<{ n: number }>`select count(*)::int as n from pg_indexes
            where schemaname = current_schema() and indexname = 'docs_search_trgm'`
              .execute(db)
              .then((result) => ((result.rows[0]?.n ?? 0) > 0 ? 'trigram' : 'tsvector'));
    searchIndexKinds.set(db, kind);
  }
  return kind;
}

const tokenSizes = new WeakMap<Db, Promise<{ min: number; max: number }>>();

/**
 * The shortest and longest word MySQL's InnoDB full-text index holds (server settings, 3 and 84 by default):
 * the doc search asks the index only for words it can hold. Asked once per database handle.
 */
export function fullTextTokenSizes(db: Db): Promise<{ min: number; max: number }> {
  let sizes = tokenSizes.get(db);
  if (!sizes) {
    sizes = sql<{ min: number | string; max: number | string }>`select @@innodb_ft_min_token_size as min,
      @@innodb_ft_max_token_size as max`
      .execute(db)
      .then((r) => ({ min: Number(r.rows[0]?.min ?? 3), max: Number(r.rows[0]?.max ?? 84) }));
    tokenSizes.set(db, sizes);
  }
  return sizes;
}
