import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, MysqlDialect, PostgresDialect } from 'kysely';
import mysql from 'mysql2';
import pg from 'pg';
import { currentSchema } from './dialect.ts';
import { attachHotReader } from './hot-reader.ts';
import { migrations } from './migrations/index.ts';
import { MysqlSchemaPlugin } from './mysql-schema-plugin.ts';
import { nameStatements } from './pg-statements.ts';
import { queryStatsLogger } from './query-stats.ts';
import type { Database } from './schema.ts';
import { attachCheckpointer } from './sqlite-checkpointer.ts';
import { MainSqliteDialect } from './sqlite-driver.ts';
import { registerSqliteFile } from './sqlite-writer.ts';

/** The database handle every repository receives. */
export type Db = Kysely<Database>;

/**
 * Where the data lives: an SQLite file (or `:memory:`), a PostgreSQL URL with an optional schema, or a
 * MySQL/MariaDB URL (the database is the URL's path).
 */
export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
  | { kind: 'mysql'; url: string; poolSize?: number };

/** Opens the database. SQLite runs in WAL mode with foreign keys on; PostgreSQL and MySQL use a pool. */
export function createDatabase(target: DatabaseTarget): Db {
  const db = openDatabase(target);
  targets.set(db, target);
  return db;
}

/** What each handle was opened on: a worker thread opens its own handle on the same database (sync-thread.ts). */
const targets = new WeakMap<Db, DatabaseTarget>();

/** The target a handle of `createDatabase` was opened on (undefined for a transaction or another handle). */
export function databaseTargetOf(db: Db): DatabaseTarget | undefined {
  return targets.get(db);
}

function openDatabase(target: DatabaseTarget): Db {
  const plugins = [new CamelCasePlugin()];
  const log = queryStatsLogger();
  const logging = log ? { log } : {};
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // Waits for the write lock with timers rather than in SQLite (db/sqlite-driver.ts sets busy_timeout 0).
    sqlite.pragma('synchronous = NORMAL');
    // No checkpoint inside a COMMIT on the thread that answers requests: db/sqlite-checkpointer.ts runs them.
    sqlite.pragma('wal_autocheckpoint = 0');
    // Each writing statement of the main connection ends the hot reader's read snapshot (see hot-reader.ts)
    // and tells the checkpointer the WAL grew.
    let beforeWrite = (): void => {};
    const db = new Kysely<Database>({
      dialect: new MainSqliteDialect(withStatementCache(sqlite, () => beforeWrite())),
      plugins,
      ...logging,
    });
    if (target.file !== ':memory:') {
      const { release } = attachHotReader(db as Kysely<unknown>, target.file);
      const checkpointer = attachCheckpointer(
        db as Kysely<unknown>,
        target.file,
        sqlite.pragma('page_size', { simple: true }) as number,
      );
      beforeWrite = () => {
        release();
        checkpointer.wrote();
      };
      sqliteFiles.set(db, target.file);
      registerSqliteFile(db, target.file);
    }
    return db;
  }
  if (target.kind === 'mysql') return createMysqlDatabase(target.url, target.poolSize ?? 10);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // A dedicated schema keeps parallel test runs apart; production uses the URL's default (public).
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  nameStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, ...logging });
  pools.set(db, pool);
  return db;
}

/**
 * MySQL/MariaDB through a mysql2 pool. Every session runs in strict mode (a too-long value is an error, not
 * cut short), in UTC, and in utf8mb4; DECIMAL results (sums) come back as numbers like on the other dialects.
 * Tables are made by the schema plugin (see mysql-schema-plugin.ts).
 */
function createMysqlDatabase(url: string, poolSize: number): Db {
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: poolSize,
    charset: 'utf8mb4_bin',
    timezone: 'Z',
    decimalNumbers: true,
    supportBigNumbers: true,
    // mysql2's default flags include FOUND_ROWS: an UPDATE counts the rows it matched, as on the other dialects.
  });
  pool.on('connection', (connection) => {
    connection.query(
      "set session sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION', time_zone = '+00:00'",
    );
  });
  const db = new Kysely<Database>({
    dialect: new MysqlDialect({ pool }),
    plugins: [new CamelCasePlugin(), new MysqlSchemaPlugin()],
  });
  mysqlPools.set(db, pool);
  return db;
}

/** The connection pool behind each PostgreSQL handle, for the metrics of pool use. */
const pools = new WeakMap<Db, pg.Pool>();
/** The same for MySQL handles. */
const mysqlPools = new WeakMap<Db, mysql.Pool>();

/** Connections of a database handle: open, idle, and callers waiting for one (SQLite: one connection). */
export function poolStatsOf(db: Db): { total: number; idle: number; waiting: number } {
  const pool = pools.get(db);
  if (pool) return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  const mysqlPool = mysqlPools.get(db);
  if (mysqlPool) return mysqlPoolStats(mysqlPool);
  return { total: 1, idle: 0, waiting: 0 };
}

/** mysql2 keeps its pool's counts in internal queues; read them without failing if a release renames them. */
function mysqlPoolStats(pool: mysql.Pool): { total: number; idle: number; waiting: number } {
  const inner = pool as unknown as {
    _allConnections?: { length: number };
    _freeConnections?: { length: number };
    _connectionQueue?: { length: number };
  };
  return {
    total: inner._allConnections?.length ?? 0,
    idle: inner._freeConnections?.length ?? 0,
    waiting: inner._connectionQueue?.length ?? 0,
  };
}

/** How many prepared statements are kept per SQLite connection; the app issues a few hundred distinct queries. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small indexed query. The queries
 * the app sends are a bounded set of SQL texts (values are bound parameters), so each statement is prepared
 * once and reused; the oldest are dropped past the cache size. Kysely prepares each statement right before
 * running it, so `beforeWrite` runs before every statement that writes (not `readonly`) or ends a
 * transaction (`COMMIT` counts as readonly but is not a reader), and before every `exec`.
 */
function withStatementCache(sqlite: SQLite.Database, beforeWrite: () => void): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source); // re-insert: Map order is the LRU order
    } else {
      statement = sqlite.prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    cache.set(source, statement);
    if (!statement.reader || !statement.readonly) beforeWrite();
    return statement;
  };
  const exec = (source: string): SQLite.Database => {
    beforeWrite();
    return sqlite.exec(source);
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      if (property === 'exec') return exec;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The file behind each SQLite handle, for the migration lock. */
const sqliteFiles = new WeakMap<Db, string>();

/**
 * Kysely's migration lock is a no-op on SQLite and its DDL runs outside a transaction, so two processes
 * starting on one empty file would both create the tables. An exclusive transaction on a small side file
 * (`quire.db-migrate.lock`) makes the second wait until the first has migrated; it then finds nothing to do.
 * The side file, not the database: a lock on the database would block the migrations themselves.
 */
async function withSqliteMigrationLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const file = sqliteFiles.get(db);
  if (!file) return run();
  // Keeps SQLite's default autocheckpoint: a side file in rollback-journal mode (no WAL) holding no data.
  const lock = new SQLite(`${file}-migrate.lock`);
  try {
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE');
    try {
      return await run();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  await withSqliteMigrationLock(db, () => runMigrations(db));
}

async function runMigrations(db: Db): Promise<void> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
