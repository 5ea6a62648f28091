import { createHash } from 'node:crypto';
import type { TornaRow } from './torna-source.repository.ts';

/* Readers of Torna's columns: every value as Torna's defaults say when a column is absent or NULL. */

export function text(row: TornaRow, column: string, fallback = ''): string {
  const value = row[column];
  return value === null || value === undefined ? fallback : String(value);
}

export function int(row: TornaRow, column: string, fallback = 0): number {
  const value = Number(row[column]);
  return Number.isFinite(value) ? value : fallback;
}

/** A 0/1 flag; absent means `fallback`. */
export function flag(row: TornaRow, column: string, fallback = 0): number {
  const value = row[column];
  if (value === null || value === undefined) return fallback;
  return Number(value) === 1 ? 1 : 0;
}

/** Torna's id columns (bigint, read as text). '0' and '' mean none. */
export function id(row: TornaRow, column = 'id'): string {
  const value = text(row, column);
  return value === '0' ? '' : value;
}

export function live(row: TornaRow): boolean {
  return Number(row.is_deleted ?? 0) !== 1;
}

/**
 * A Torna datetime as ISO-8601 UTC. Torna writes them in Asia/Shanghai (its JDBC URL sets
 * `serverTimezone=Asia/Shanghai`), so a wall-clock `2021-03-05 10:00:00` is 02:00 UTC.
 */
export function time(row: TornaRow, column: string, fallback: string): string {
  const value = text(row, column);
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value);
  if (!match) return fallback;
  const at = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? fallback : at.toISOString();
}

/** The fingerprint of what an import read: a later run updates a row only when it moved. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Rows grouped by a column (live rows only unless told). */
export function groupBy(rows: TornaRow[], column: string, onlyLive = true): Map<string, TornaRow[]> {
  const out = new Map<string, TornaRow[]>();
  for (const row of rows) {
    if (onlyLive && !live(row)) continue;
    const key = text(row, column);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}
