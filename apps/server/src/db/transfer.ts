import { type Kysely, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrateToLatest } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * Moving a Quire database: every table copied from one database to an empty one of any supported dialect
 * (`quire migrate --to`), or through a file (`quire backup` / `quire restore`, in `backup-file.ts`). Rows travel as they are
 * stored (ids, ISO timestamps, 0/1 flags, JSON text, secrets still encrypted with the key kept in
 * `server_keys`), so nothing is re-encoded and the target reads them as the source did. The target is
 * migrated by the same migrations first, so its own search indexes and triggers fill as rows land.
 *
 * Tables are found in the database, not listed here, so a table a later migration adds moves too; the
 * migrator's bookkeeping and the data-version counter are the target's own, and SQLite's full-text tables
 * are indexes the triggers rebuild.
 */

// biome-ignore lint/suspicious/noExplicitAny: rows of any table, copied column for column
type AnyDb = Kysely<any>;
export type Row = Record<string, unknown>;

/** Tables a database keeps for itself, never copied. */
const OWN_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'data_version',
  'cache_versions',
  // SQLite's full-text bookkeeping (migration 2026-11-28T2120-search-reindex): a target indexes every row it gets.
  'search_reindex',
  'search_index_pause',
]);
/**
 * Tables a migration fills with defaults (the built-in code templates). A freshly migrated target already
 * holds those rows, so they do not make it "not empty"; the copy replaces them with the source's own rows
 * (which include the same defaults, maybe edited by an admin).
 */
export const SEEDED_TABLES = new Set(['gen_templates']);
/** Rows read per query from the source. */
export const PAGE = 1000;
/** Bound parameters per insert: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 20_000;
/**
 * Characters of text per insert: MySQL sends a statement in one packet, which `max_allowed_packet` caps (16 MB
 * by default on MariaDB, 64 MB on MySQL 8), and a page of docs with large JSON can pass that.
 */
const MAX_TEXT = 4_000_000;

/** One table's row count on each side of a move. */
export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** Thrown when the target is not empty or the counts do not match; the message says which tables. */
export class TransferError extends Error {}

/** Plain Kysely over the same connection, without the camelCase plugin: columns are copied by their SQL names. */
export function raw(db: Db): AnyDb {
  return db.withoutPlugins() as unknown as AnyDb;
}

/** The data tables of a database and the tables each one references (its foreign keys). */
export async function tablesOf(db: Db): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (dialectOf(db) === 'mysql') {
    // The FULLTEXT index's own tables are InnoDB internals, not listed here.
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = database() and table_type = 'BASE TABLE'`.execute(db);
    for (const { name } of tables.rows) if (!OWN_TABLES.has(name)) out.set(name, new Set());
    const refs = await sql<{ name: string; ref: string }>`select table_name as name,
      referenced_table_name as ref from information_schema.key_column_usage
      where table_schema = database() and referenced_table_name is not null`.execute(db);
    for (const { name, ref } of refs.rows) out.get(name)?.add(ref);
    return out;
  }
  if (dialectOf(db) === 'postgres') {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    for (const { name } of tables.rows) if (!OWN_TABLES.has(name)) out.set(name, new Set());
    const refs = await sql<{ name: string; ref: string }>`select cl.relname as name, rf.relname as ref
      from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_class rf on rf.oid = c.confrelid
      where c.contype = 'f' and cl.relnamespace = current_schema()::regnamespace`.execute(db);
    for (const { name, ref } of refs.rows) out.get(name)?.add(ref);
    return out;
  }
  const tables = await sql<{ name: string; ddl: string | null }>`select name, sql as ddl from sqlite_master
    where type = 'table' and name not like 'sqlite_%'`.execute(db);
  // A virtual table (FTS5) and its shadow tables (`docs_fts_data`, ...) are an index, rebuilt by triggers.
  const virtual = tables.rows.filter((t) => /^create virtual/i.test(t.ddl ?? '')).map((t) => t.name);
  const isIndex = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  for (const { name } of tables.rows) if (!OWN_TABLES.has(name) && !isIndex(name)) out.set(name, new Set());
  for (const name of out.keys()) {
    const refs = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
      db,
    );
    for (const { table } of refs.rows) out.get(name)?.add(table);
  }
  return out;
}

/** Tables in an order where each comes after those it references (self-references aside). */
export function insertOrder(tables: Map<string, Set<string>>): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const ref of tables.get(name) ?? []) if (ref !== name && tables.has(ref)) visit(ref, path);
    placed.add(name);
    order.push(name);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return order;
}

/** The primary-key columns of a table, to page through it in a stable order. */
async function keyColumns(db: Db, table: string): Promise<string[]> {
  if (dialectOf(db) === 'mysql') {
    const result = await sql<{
      name: string;
    }>`select column_name as name from information_schema.key_column_usage
      where table_schema = database() and table_name = ${table} and constraint_name = 'PRIMARY'
      order by ordinal_position`.execute(db);
    return result.rows.map((r) => r.name);
  }
  if (dialectOf(db) === 'postgres') {
    const result = await sql<{ name: string }>`select a.attname as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ${table}::regclass and i.indisprimary order by a.attnum`.execute(db);
    return result.rows.map((r) => r.name);
  }
  const result = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})
    where pk > 0 order by pk`.execute(db);
  return result.rows.map((r) => r.name);
}

export async function countRows(db: Db, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The stored columns of a table: generated ones (PostgreSQL's `docs.search_tsv`, MySQL's live-key flags) are
 * computed by the target.
 */
export async function storedColumns(db: Db, table: string): Promise<string[]> {
  const dialect = dialectOf(db);
  if (dialect === 'mysql') {
    const result = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = database() and table_name = ${table} and coalesce(generation_expression, '') = ''
      order by ordinal_position`.execute(db);
    return result.rows.map((r) => r.name);
  }
  const result =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_xinfo(${table}) where hidden = 0
          order by cid`.execute(db);
  return result.rows.map((r) => r.name);
}

/** Reads a table page by page, in primary-key order. */
export async function* readTable(db: Db, table: string): AsyncGenerator<Row[]> {
  const keys = await keyColumns(db, table);
  const columns = await storedColumns(db, table);
  for (let offset = 0; ; offset += PAGE) {
    let query = raw(db).selectFrom(table).select(columns);
    for (const key of keys) query = query.orderBy(key);
    const rows = (await query.limit(PAGE).offset(offset).execute()) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
  }
}

/** Inserts rows in as few statements as the parameter and size limits allow. */
export async function insertRows(db: AnyDb, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns));
  let batch: Row[] = [];
  let text = 0;
  for (const row of rows) {
    const size = Object.values(row).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 8), 0);
    if (batch.length > 0 && (batch.length >= per || text + size > MAX_TEXT)) {
      await db.insertInto(table).values(batch).execute();
      batch = [];
      text = 0;
    }
    batch.push(row);
    text += size;
  }
  if (batch.length > 0) await db.insertInto(table).values(batch).execute();
}

/**
 * Brings the target to the newest migration and checks that it holds no data: refuses (before migrating)
 * a database with rows in any Quire table. Answers the target's data tables.
 */
export async function prepareTarget(target: Db): Promise<Map<string, Set<string>>> {
  const assertEmpty = async (tables: Iterable<string>) => {
    const full: string[] = [];
    for (const table of tables) {
      if (SEEDED_TABLES.has(table)) continue;
      const rows = await countRows(target, table);
      if (rows > 0) full.push(`${table} (${rows})`);
    }
    if (full.length)
      throw new TransferError(
        `the target database is not empty: ${full.join(', ')}. Quire moves data only into an empty database.`,
      );
  };
  await assertEmpty((await tablesOf(target)).keys());
  await migrateToLatest(target);
  const tables = await tablesOf(target);
  await assertEmpty(tables.keys());
  return tables;
}

/** Compares every table's row count on both sides; throws naming the tables that differ. */
async function compareCounts(source: Db, target: Db, tables: string[]): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of tables)
    counts.push({ table, source: await countRows(source, table), target: await countRows(target, table) });
  const differ = counts.filter((c) => c.source !== c.target);
  if (differ.length)
    throw new TransferError(
      `row counts differ after the copy: ${differ.map((c) => `${c.table} ${c.source} -> ${c.target}`).join(', ')}`,
    );
  return counts;
}

/** Progress lines (a table and its rows) for the command line. */
export type TransferLog = (line: string) => void;

/**
 * Copies every table of `source` into `target` (any dialect), which must be empty; both are migrated to the
 * newest schema first. One transaction on the target: a failed copy leaves it empty. Answers the counts of
 * both sides, which must match.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  log: TransferLog = () => {},
): Promise<TableCount[]> {
  await migrateToLatest(source);
  const sourceTables = await tablesOf(source);
  const targetTables = await prepareTarget(target);
  const missing = [...sourceTables.keys()].filter((t) => !targetTables.has(t));
  if (missing.length) throw new TransferError(`the target has no table ${missing.join(', ')}`);
  const order = insertOrder(sourceTables);
  await raw(target)
    .transaction()
    .execute(async (trx) => {
      for (const table of SEEDED_TABLES) if (targetTables.has(table)) await trx.deleteFrom(table).execute();
      for (const table of order) {
        let copied = 0;
        for await (const rows of readTable(source, table)) {
          await insertRows(trx, table, rows);
          copied += rows.length;
        }
        log(`  ${table}: ${copied}`);
      }
    });
  return compareCounts(source, target, order);
}
