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
