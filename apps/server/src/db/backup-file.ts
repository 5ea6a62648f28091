import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Db } from './database.ts';
import { migrateToLatest } from './database.ts';
import { migrations } from './migrations/index.ts';
import {
  countRows,
  insertOrder,
  insertRows,
  PAGE,
  prepareTarget,
  type Row,
  raw,
  readTable,
  SEEDED_TABLES,
  storedColumns,
  type TableCount,
  TransferError,
  type TransferLog,
  tablesOf,
} from './transfer.ts';

/*
 * `quire backup` and `quire restore`: every table of a database through a gzip file of JSON lines
 * (transfer.ts moves the rows; this file writes and reads the file).
 */

/**
 * The longest line a backup may hold, in characters: far above any row Quire writes (a doc's JSON stays
 * well under it), low enough that a crafted file cannot make the restore hold gigabytes in one string.
 */
export const MAX_BACKUP_LINE = 64 * 1024 * 1024;
/** A table or column name a backup may name: Quire's own are lower-case snake case; no dots, no quotes. */
const SQL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** First line of a backup file. */
interface BackupHeader {
  format: 'quire-backup';
  version: 1;
  migrations: string[];
  tables: Array<{ table: string; rows: number }>;
}

/**
 * Writes every table of `source` to a gzip file of JSON lines: a header (the migrations the data is at and
 * each table's row count), then `{"t": table, "r": row}` per row, tables in insert order.
 */
export async function backupToFile(
  source: Db,
  file: string,
  log: TransferLog = () => {},
): Promise<TableCount[]> {
  await migrateToLatest(source);
  const tables = await tablesOf(source);
  const order = insertOrder(tables);
  const counts: TableCount[] = [];
  for (const table of order) {
    const rows = await countRows(source, table);
    counts.push({ table, source: rows, target: 0 });
  }
  // A new file only the owner reads (the backup holds the key to the stored secrets), written beside the
  // target and renamed over it: an existing file's mode and a symlink at the target's name are not followed.
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(temp, { mode: 0o600, flags: 'wx' }));
  // A failed write is reported by `done`; until then it must not be an unhandled rejection.
  done.catch(() => {});
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  try {
    await writeBackup(source, counts, write, log);
    gzip.end();
    await done;
    await rename(temp, file);
  } catch (error) {
    gzip.destroy();
    await done.catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
  const differ = counts.filter((c) => c.source !== c.target);
  if (differ.length)
    throw new TransferError(
      `the database changed during the backup: ${differ.map((c) => c.table).join(', ')}`,
    );
  return counts;
}

/** The header and the rows of a backup, through `write`. */
async function writeBackup(
  source: Db,
  counts: TableCount[],
  write: (line: unknown) => Promise<void>,
  log: TransferLog,
): Promise<void> {
  const header: BackupHeader = {
    format: 'quire-backup',
    version: 1,
    migrations: Object.keys(migrations),
    tables: counts.map((c) => ({ table: c.table, rows: c.source })),
  };
  await write(header);
  for (const count of counts) {
    let written = 0;
    for await (const rows of readTable(source, count.table)) {
      for (const row of rows) await write({ t: count.table, r: row });
      written += rows.length;
    }
    count.target = written;
    log(`  ${count.table}: ${written}`);
  }
}

/**
 * The lines of a gzip file, each at most `max` characters: a longer one stops the read with a TransferError
 * before it is held whole.
 */
async function* linesOf(file: string, max: number): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  input.setEncoding('utf8');
  const tooLong = (number: number) => {
    input.destroy();
    return new TransferError(`${file}: line ${number} is longer than ${max} characters`);
  };
  let pending = '';
  let number = 0;
  for await (const chunk of input as AsyncIterable<string>) {
    pending += chunk;
    for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
      number++;
      if (at > max) throw tooLong(number);
      const line = pending.slice(0, at);
      pending = pending.slice(at + 1);
      yield line.endsWith('\r') ? line.slice(0, -1) : line;
    }
    if (pending.length > max) throw tooLong(number + 1);
  }
  if (pending) yield pending;
}

/** The header of a backup checked: its tables are names Quire uses, each once, with a row count. */
function checkedHeader(file: string, text: string | undefined): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(String(text ?? '')) as BackupHeader;
  } catch {
    throw new TransferError(`${file} is not a Quire backup`);
  }
  if (header?.format !== 'quire-backup' || header.version !== 1 || !Array.isArray(header.migrations))
    throw new TransferError(`${file} is not a Quire backup`);
  if (!Array.isArray(header.tables)) throw new TransferError(`${file} is not a Quire backup`);
  const seen = new Set<string>();
  for (const entry of header.tables) {
    const name = entry?.table;
    if (
      typeof name !== 'string' ||
      !SQL_NAME.test(name) ||
      seen.has(name) ||
      !Number.isSafeInteger(entry.rows) ||
      entry.rows < 0
    )
      throw new TransferError(`${file}: its header names a table Quire cannot take: ${JSON.stringify(name)}`);
    seen.add(name);
  }
  return header;
}

/** One row line of a backup checked against the header's tables and their columns in the target. */
function rowOf(
  file: string,
  number: number,
  text: string,
  columnsOf: ReadonlyMap<string, ReadonlySet<string>>,
): { t: string; r: Row } {
  let line: { t?: unknown; r?: unknown };
  try {
    line = JSON.parse(text) as { t?: unknown; r?: unknown };
  } catch {
    throw new TransferError(`${file}: line ${number} is not JSON`);
  }
  const columns = typeof line?.t === 'string' ? columnsOf.get(line.t) : undefined;
  if (!columns)
    throw new TransferError(
      `${file}: line ${number} names the table ${JSON.stringify(String(line?.t).slice(0, 80))}, which is not one of the backup's Quire tables`,
    );
  const row = line.r;
  if (!row || typeof row !== 'object' || Array.isArray(row))
    throw new TransferError(`${file}: line ${number} holds no row`);
  for (const column of Object.keys(row))
    if (!columns.has(column))
      throw new TransferError(
        `${file}: line ${number} names the column ${JSON.stringify(column.slice(0, 80))}, which ${line.t} does not have`,
      );
  return { t: line.t as string, r: row as Row };
}

/**
 * Loads a backup file into `target`, which must be empty: it is migrated first, the file must come from the
 * same migrations, rows are inserted in one transaction, and each table's count must equal the file's. Only
 * tables the header lists that are Quire's own in the target, and their own columns, are written; a line
 * longer than `maxLine` characters stops the restore (nothing is kept).
 */
export async function restoreFromFile(
  target: Db,
  file: string,
  log: TransferLog = () => {},
  options: { maxLine?: number } = {},
): Promise<TableCount[]> {
  const iterator = linesOf(file, options.maxLine ?? MAX_BACKUP_LINE);
  const first = await iterator.next();
  const header = checkedHeader(file, first.done ? undefined : first.value);
  const known = Object.keys(migrations);
  if (header.migrations.join('\n') !== known.join('\n'))
    throw new TransferError(
      `${file} was made by another version of Quire (its last migration: ${header.migrations.at(-1)}; this one's: ${known.at(-1)}); restore it with that version`,
    );
  const tables = await prepareTarget(target);
  // Only Quire's own tables of this database (its current schema), as the header lists them: a line naming
  // anything else (`other_schema.users`, a table the header did not list) is refused, never inserted.
  const missing = header.tables.filter((t) => !tables.has(t.table)).map((t) => t.table);
  if (missing.length) throw new TransferError(`the target has no table ${missing.join(', ')}`);
  const columnsOf = new Map<string, Set<string>>();
  for (const { table } of header.tables) columnsOf.set(table, new Set(await storedColumns(target, table)));
  const loaded = new Map<string, number>();
  await raw(target)
    .transaction()
    .execute(async (trx) => {
      for (const seeded of SEEDED_TABLES) if (tables.has(seeded)) await trx.deleteFrom(seeded).execute();
      let table = '';
      let batch: Row[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await insertRows(trx, table, batch);
        loaded.set(table, (loaded.get(table) ?? 0) + batch.length);
        batch = [];
      };
      let number = 1;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        number++;
        if (!next.value) continue;
        const { t, r } = rowOf(file, number, next.value, columnsOf);
        if (t !== table) {
          await flush();
          if (table) log(`  ${table}: ${loaded.get(table) ?? 0}`);
          table = t;
        }
        batch.push(r);
        if (batch.length >= PAGE) await flush();
      }
      await flush();
      if (table) log(`  ${table}: ${loaded.get(table) ?? 0}`);
    });
  const counts: TableCount[] = [];
  for (const { table, rows } of header.tables)
    counts.push({ table, source: rows, target: await countRows(target, table) });
  const differ = counts.filter((c) => c.source !== c.target);
  if (differ.length)
    throw new TransferError(
      `row counts differ after the restore: ${differ.map((c) => `${c.table} ${c.source} -> ${c.target}`).join(', ')}`,
    );
  return counts;
}
