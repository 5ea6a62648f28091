import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Db, migrateToLatest } from '../src/db/database.ts';

/** A database a test runs on, and how to throw it away. */
export interface TestDatabase {
  dialect: 'sqlite' | 'postgres';
  db: Db;
  /** The SQLite file, for a test that opens a second connection to it. */
  file?: string;
  drop(): Promise<void>;
}

/** The dialects of this run: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Array<'sqlite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A fresh, migrated database: an SQLite file in a temporary folder, or a private schema on PostgreSQL so
 * parallel test files never see each other's rows. A file rather than `:memory:` because production runs on
 * a file, and a file database also opens the read connection of `db/hot-reader.ts`, so tests take the same
 * paths as production.
 */
export async function createTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
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
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `quire_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
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
