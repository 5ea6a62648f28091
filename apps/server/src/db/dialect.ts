import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * The only place that may branch on the SQL dialect. Everything else writes portable Kysely.
 */
export function dialectOf(db: Db): 'sqlite' | 'postgres' {
  const name = db.getExecutor().adapter.constructor.name;
  return name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** True when an error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The schema unqualified names resolve to on PostgreSQL (the `search_path` head); undefined on SQLite.
 * Kysely's migrator looks for its bookkeeping tables in every schema it can see, so it must be told which
 * one is ours, or another schema's tables (a second app, a parallel test) would be mistaken for ours.
 */
export async function currentSchema(db: Db): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema;
}

/** Which search index the doc search reads (migration `create-doc-search`). */
export type SearchIndexKind = 'fts5' | 'trigram' | 'tsvector';

const searchIndexKinds = new WeakMap<Db, Promise<SearchIndexKind>>();

/**
 * SQLite always has the FTS5 table; PostgreSQL has the trigram index when pg_trgm could be installed, else the
 * full-text one. Asked once per database handle.
 */
export function searchIndexKind(db: Db): Promise<SearchIndexKind> {
  let kind = searchIndexKinds.get(db);
  if (!kind) {
    kind =
      dialectOf(db) === 'sqlite'
        ? Promise.resolve('fts5')
        : sql<{ n: number }>`select count(*)::int as n from pg_indexes
            where schemaname = current_schema() and indexname = 'docs_search_trgm'`
            .execute(db)
            .then((result) => ((result.rows[0]?.n ?? 0) > 0 ? 'trigram' : 'tsvector'));
    searchIndexKinds.set(db, kind);
  }
  return kind;
}
