import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createDatabase, type Db, migrateToLatest } from '../src/db/database.ts';
import type { Dialect } from '../src/db/dialect.ts';

/** A database a test runs on, and how to throw it away. */
export interface TestDatabase {
  dialect: Dialect;
  db: Db;
  /** The SQLite file, for a test that opens a second connection to it. */
  file?: string;
  /** The MySQL database's URL, for a test that opens a second pool on it. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * The dialects of this run: SQLite always, PostgreSQL when TEST_DATABASE_URL is set, MySQL/MariaDB when
 * TEST_MARIADB_URL is set (CI sets both).
 */
export function testDialects(): Dialect[] {
  return [
    'sqlite',
    ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
    ...(process.env.TEST_MARIADB_URL ? (['mysql'] as const) : []),
  ];
}

/** A name for a private schema or database of one test file, unique across parallel runs. */
export function privateName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * An empty private database on the MySQL/MariaDB server of TEST_MARIADB_URL: its URL, and how to drop it.
 * A database per test file (MySQL has no schemas inside a database), so parallel files never meet.
 */
export async function createMysqlDatabase(
  prefix = 'quire_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_MARIADB_URL;
  if (!server) throw new Error('TEST_MARIADB_URL is not set');
  const name = privateName(prefix);
  const admin = await mysql.createConnection(server);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = await mysql.createConnection(server);
      await cleaner.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleaner.end();
    },
  };
}

/**
 * A fresh, migrated database: an SQLite file in a temporary folder, a private schema on PostgreSQL or a
 * private database on MySQL so parallel test files never see each other's rows. A file rather than `:memory:` because production runs on
 * a file, and a file database also opens the read connection of `db/hot-reader.ts`, so tests take the same
 * paths as production.
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'quire-test-'));
    const file = path.join(folder, 'quire.db');
    const db = createDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    return {
      dialect,
      db,
      file,
      drop: async () => {
        await db.destroy();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  if (dialect === 'mysql') {
    const database = await createMysqlDatabase();
    const db = createDatabase({ kind: 'mysql', url: database.url, poolSize: 4 });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      await database.drop();
      throw error;
    }
    return {
      dialect,
      db,
      url: database.url,
      drop: async () => {
        await db.destroy();
        await database.drop();
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = privateName('quire_test');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = createDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
  await migrateToLatest(db);
  return {
    dialect,
    db,
    drop: async () => {
      await db.destroy();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleaner.end();
    },
  };
}

/** Inserts an active, plain user straight into the table, for tests below the HTTP layer. */
export async function insertPlainUser(db: Db, id: string, username: string, nickname: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      username,
      usernameKey: username,
      nickname,
      email: '',
      avatar: '',
      passwordHash: 'x',
      status: 1,
      source: 'register',
      isSuperAdmin: 0,
      lang: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
