import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-databases.ts';
import { createDatabase } from './database.ts';
import { CHECKPOINT_PAGES, checkpointerOf } from './sqlite-checkpointer.ts';
import { writerOf } from './sqlite-writer.ts';

/*
 * db/sqlite-checkpointer.ts: the server's connections never checkpoint inside a COMMIT, and the checkpointer's
 * thread brings the WAL back into the database file on its own. The WAL is read with a NOOP checkpoint (it
 * copies nothing) on a connection of the test, so nothing but the checkpointer copies frames.
 */

interface WalState {
  log: number;
  checkpointed: number;
}

/** Writes `megabytes` one-megabyte blobs, each in its own statement (a COMMIT each). */
async function writeMegabytes(db: Kysely<never>, megabytes: number): Promise<void> {
  for (let i = 0; i < megabytes; i++) {
    await sql`insert into checkpoint_filler (data) values (randomblob(1000000))`.execute(db);
  }
}

describe('the SQLite checkpointer', () => {
  let database: TestDatabase;
  let observer: SQLite.Database;
  let dropped = false;
  const wal = () => observer.pragma('wal_checkpoint(NOOP)', { simple: false }) as [WalState];
  const walState = (): WalState => {
    const [{ log, checkpointed }] = wal();
    return { log, checkpointed };
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await sql`create table checkpoint_filler (data blob)`.execute(database.db);
    observer = new SQLite(database.file as string, { fileMustExist: true });
    observer.pragma('wal_autocheckpoint = 0');
  });
  afterAll(async () => {
    if (observer.open) observer.close();
    if (!dropped) await database.drop();
  });

  it('runs the main and the writer connection with wal_autocheckpoint 0', async () => {
    const { db } = database;
    const setting = sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`;
    expect((await setting.execute(db)).rows).toEqual([{ walAutocheckpoint: 0 }]);
    expect((await setting.execute(writerOf(db))).rows).toEqual([{ walAutocheckpoint: 0 }]);
  });

  it('checkpoints what the main connection wrote, on its own thread', async () => {
    const { db } = database;
    const checkpointer = checkpointerOf(db as Kysely<unknown>);
    expect(checkpointer).toBeDefined();
    const before = checkpointer?.checkpoints ?? 0;
    await writeMegabytes(db as Kysely<never>, 6);
    // No COMMIT checkpointed: the WAL holds more than SQLite's autocheckpoint threshold, not yet copied.
    const written = walState();
    expect(written.log - written.checkpointed).toBeGreaterThanOrEqual(CHECKPOINT_PAGES);
    await vi.waitFor(
      () => {
        const now = walState();
        expect(now.log).toBeGreaterThan(0);
        expect(now.checkpointed).toBe(now.log);
        // The thread's answer, which counts the checkpoint, arrives after the WAL shows it copied.
        expect(checkpointer?.checkpoints).toBeGreaterThan(before);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(checkpointer?.thread).not.toBeNull();
  });

  it("checkpoints what the writer connection's thread wrote", async () => {
    const { db } = database;
    const checkpointer = checkpointerOf(db as Kysely<unknown>);
    const before = checkpointer?.checkpoints ?? 0;
    await writeMegabytes(writerOf(db) as Kysely<never>, 6);
    const written = walState();
    expect(written.log - written.checkpointed).toBeGreaterThanOrEqual(CHECKPOINT_PAGES);
    await vi.waitFor(
      () => {
        const now = walState();
        expect(now.log).toBeGreaterThan(0);
        expect(now.checkpointed).toBe(now.log);
        // The thread's answer, which counts the checkpoint, arrives after the WAL shows it copied.
        expect(checkpointer?.checkpoints).toBeGreaterThan(before);
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  it('closes its thread with the database', async () => {
    const { db } = database;
    const thread = checkpointerOf(db as Kysely<unknown>)?.thread;
    if (!thread) throw new Error('the checkpointer thread should be running');
    let exited = false;
    thread.once('exit', () => {
      exited = true;
    });
    observer.close();
    dropped = true;
    await database.drop();
    expect(exited).toBe(true);
    expect(checkpointerOf(db as Kysely<unknown>)).toBeUndefined();
  });

  it('is not attached to an in-memory database', async () => {
    const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
    expect(checkpointerOf(db as Kysely<unknown>)).toBeUndefined();
    await db.destroy();
  });
});
