import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/*
 * A second connection to the SQLite file, on a thread of its own (db/sqlite-writer.ts): it runs the statements
 * the main thread sends, one at a time, and answers each with its rows or its error. better-sqlite3 runs a
 * statement on the thread that calls it; here that thread is not the one answering requests.
 */

export interface WriterRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type WriterAnswer =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; error: { message: string; code?: string; name: string } };

const { file } = workerData as { file: string };
const sqlite = new SQLite(file, { fileMustExist: true });
// As the main connection (db/database.ts); the file is already in WAL mode.
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = NORMAL');
// A big import's COMMIT would otherwise checkpoint the WAL before the next statement runs; checkpoints run on
// their own thread instead (db/sqlite-checkpointer.ts).
sqlite.pragma('wal_autocheckpoint = 0');

const STATEMENT_CACHE_SIZE = 200;
const cache = new Map<string, SQLite.Statement>();

function prepare(source: string): SQLite.Statement {
  let statement = cache.get(source);
  if (statement) cache.delete(source);
  else {
    statement = sqlite.prepare(source);
    if (cache.size >= STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  cache.set(source, statement);
  return statement;
}

function answer(request: WriterRequest): WriterAnswer {
  try {
    const statement = prepare(request.sql);
    if (statement.reader) return { id: request.id, rows: statement.all(...request.parameters) };
    const { changes, lastInsertRowid } = statement.run(...request.parameters);
    return { id: request.id, changes, lastInsertRowid };
  } catch (error) {
    const { message, code, name } = error as { message: string; code?: string; name: string };
    return { id: request.id, error: { message, name, ...(code ? { code } : {}) } };
  }
}

parentPort?.on('message', (request: WriterRequest | 'close') => {
  if (request === 'close') {
    sqlite.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(answer(request));
});
