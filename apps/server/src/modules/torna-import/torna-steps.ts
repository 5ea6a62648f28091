import { reason } from './torna-messages.ts';
import { fingerprint, id, live } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import type { TornaRow } from './torna-source.repository.ts';

/** The reasons many steps give. */
export const Reason = {
  softDeleted: reason('reason.soft_deleted'),
  deletedSince: reason('reason.deleted_since'),
  changedOnce: reason('reason.changed_once'),
  editedInQuire: reason('reason.edited_in_quire'),
  goneInQuire: reason('reason.gone_in_quire'),
} as const;

/**
 * Brings one Torna row that is imported once (later runs add new rows, and report changed ones): `insert`
 * writes it and answers its Quire id, or undefined when it left the row out (it reported why).
 */
export async function bringOnce(
  run: ImportRun,
  table: string,
  kind: string,
  row: TornaRow,
  insert: () => Promise<string | undefined>,
  print: unknown = row,
): Promise<string | undefined> {
  await run.pace();
  const key = id(row);
  const known = run.mapped(kind, key);
  if (!live(row)) {
    run.leave(table, known ? Reason.deletedSince : Reason.softDeleted);
    return undefined;
  }
  const printed = fingerprint(withoutTimes(print));
  if (known) {
    if (known.fingerprint === printed) run.report(table).unchanged++;
    else run.leave(table, Reason.changedOnce);
    return known.quireId;
  }
  const quireId = await insert();
  if (quireId === undefined) return undefined;
  await run.remember(kind, key, quireId, printed);
  run.report(table).added++;
  return quireId;
}

/** A row without its modification time: a row Torna only touched is not a change. */
export function withoutTimes(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { gmt_modified: _m, ...rest } = value as Record<string, unknown>;
  return rest;
}
