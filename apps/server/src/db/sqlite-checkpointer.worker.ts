import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/*
 * The checkpointer's connection to the SQLite file, on a thread of its own (db/sqlite-checkpointer.ts): on
 * each request it reads how much of the WAL is not yet in the database file and, past the threshold, copies
 * it there with a PASSIVE checkpoint. better-sqlite3 runs the checkpoint on the calling thread, so here it
 * holds neither the thread that answers requests nor the writer's (db/sqlite-writer.worker.ts).
 */

export interface CheckpointAnswer {
  /** Frames in the WAL and frames of it already copied to the database file, after this request. */
  log: number;
  checkpointed: number;
  /** Whether a checkpoint ran (the WAL held at least `pages` frames not yet copied). */
  ran: boolean;
}

const { file, pages } = workerData as { file: string; pages: number };
const sqlite = new SQLite(file, { fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
// This connection never writes, but like every connection of the server it leaves checkpoints to this thread.
sqlite.pragma('wal_autocheckpoint = 0');

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}
// NOOP (SQLite 3.51+) only reads the WAL index's header: the WAL's size without copying anything. An older
// SQLite does not know the word and runs its default, PASSIVE, which is still right, only not skipped.
const measure = sqlite.prepare<[], CheckpointRow>('PRAGMA wal_checkpoint(NOOP)');
// PASSIVE never takes the write lock and never waits: writers and readers go on; it copies the frames that no
// reader's snapshot still needs (the rest waits for the next request).
const passive = sqlite.prepare<[], CheckpointRow>('PRAGMA wal_checkpoint(PASSIVE)');

function checkpoint(): CheckpointAnswer {
  const before = measure.get() as CheckpointRow;
  if (before.log - before.checkpointed < pages) return { ...frames(before), ran: false };
  return { ...frames(passive.get() as CheckpointRow), ran: true };
}

const frames = (row: CheckpointRow) => ({ log: row.log, checkpointed: row.checkpointed });

parentPort?.on('message', (request: 'checkpoint' | 'close') => {
  if (request === 'close') {
    sqlite.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(checkpoint());
});
