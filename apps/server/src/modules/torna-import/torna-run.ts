import type { TornaNote, TornaReason, TornaText } from '@quire/shared';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Executor, MapRow } from './torna-import.repository.ts';
import { insertRows, putIdMap } from './torna-import.repository.ts';
import { fingerprint } from './torna-rows.ts';
import type { TornaRow, TornaSnapshot } from './torna-source.repository.ts';

/** What one Torna table came to in a run. */
export interface TableReport {
  table: string;
  /** Rows in Torna (soft-deleted ones included). */
  torna: number;
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  /** Why rows were left out (keys of the `tornaReport` language pack: torna-messages.ts), with how many. */
  left: TornaReason[];
}

const sameArgs = (a: string[], b: string[]) => a.length === b.length && a.every((arg, i) => arg === b[i]);

/** Rows a step handles between two breaths of the event loop (`ImportRun.pace`). */
const PACE = 200;

/** The state of one import run, shared by the steps (torna-org.ts, torna-doc-import.ts, torna-publish.ts). */
export class ImportRun {
  readonly reports = new Map<string, TableReport>();
  readonly notes: TornaNote[] = [];
  readonly now: string;
  /** Map rows of Torna ids never mapped before, written in batches by `flushNew` (bench/torna-import.bench.ts). */
  private pending: MapRow[] = [];
  /** The Torna table the run works on (a web job's phase: torna-import-job.ts), '' before the first step. */
  phase = '';
  /** Called when a step begins and at every breath: the web job reports its progress from it. */
  onProgress: (() => void) | undefined;
  /** A cancel (the web job's): the run stops at its next breath, and its transaction rolls back. */
  signal: AbortSignal | undefined;
  /** Rows `pace` counted since the last breath. */
  private paced = 0;

  constructor(
    readonly db: Executor,
    readonly snapshot: TornaSnapshot,
    readonly map: Map<string, Map<string, MapRow>>,
    readonly box: SecretBox,
    /** Owner of rows whose Torna creator was not brought. */
    public owner: string,
    now: string,
  ) {
    this.now = now;
  }

  /** A step begins on a Torna table: the phase moves on, and the process breathes. */
  async begin(table: string): Promise<void> {
    this.phase = table;
    this.report(table);
    await this.breathe();
  }

  /**
   * Lets the event loop turn. On SQLite (better-sqlite3) every statement of the import completes synchronously,
   * so without this the import would hold the process from its first write to its commit: no timer fires, no
   * request is answered, and the web page would show "Reading the Torna database" until the end. Called between
   * steps and batches, and by `pace` every `PACE` rows of a long table.
   */
  async breathe(): Promise<void> {
    this.paced = 0;
    this.signal?.throwIfAborted();
    this.onProgress?.();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Counts a row a step handled; breathes every `PACE` rows. */
  async pace(): Promise<void> {
    if (++this.paced >= PACE) await this.breathe();
  }

  rows(table: string): TornaRow[] {
    return this.snapshot.tables.get(table) ?? [];
  }

  report(table: string): TableReport {
    let report = this.reports.get(table);
    if (!report) {
      report = {
        table,
        torna: this.snapshot.counts.get(table) ?? this.rows(table).length,
        added: 0,
        updated: 0,
        deleted: 0,
        unchanged: 0,
        left: [],
      };
      this.reports.set(table, report);
    }
    return report;
  }

  leave(table: string, reason: TornaText, count = 1): void {
    if (count <= 0) return;
    const report = this.report(table);
    const same = report.left.find((entry) => entry.key === reason.key && sameArgs(entry.args, reason.args));
    if (same) same.count += count;
    else report.left.push({ key: reason.key, args: [...reason.args], count });
  }

  note(message: TornaNote): void {
    if (this.notes.length < 500) this.notes.push(message);
  }

  mapped(kind: string, tornaId: string): MapRow | undefined {
    return this.map.get(kind)?.get(tornaId);
  }

  /** The Quire id of a Torna id of a kind, or undefined when it was not brought. */
  quireId(kind: string, tornaId: string): string | undefined {
    return tornaId ? this.map.get(kind)?.get(tornaId)?.quireId : undefined;
  }

  /** The owner for a Torna user id: the account it became, else the run's owner. */
  userOr(tornaUserId: string): string {
    return this.quireId('user', tornaUserId) ?? this.owner;
  }

  /**
   * `remember` for a Torna id the map does not hold yet: kept in memory at once, written by `flushNew` (one
   * insert of many rows instead of an update and an insert per row). Call `flushNew` before the step ends.
   */
  rememberNew(kind: string, tornaId: string, quireId: string, print: string, stamp = ''): void {
    const row: MapRow = { kind, tornaId, quireId, fingerprint: print, stamp, importedAt: this.now };
    this.pending.push(row);
    let byKind = this.map.get(kind);
    if (!byKind) {
      byKind = new Map();
      this.map.set(kind, byKind);
    }
    byKind.set(tornaId, row);
  }

  async flushNew(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    await insertRows(this.db, 'tornaIdMap', rows);
  }

  async remember(kind: string, tornaId: string, quireId: string, print: unknown, stamp = ''): Promise<void> {
    const row: MapRow = {
      kind,
      tornaId,
      quireId,
      fingerprint: typeof print === 'string' ? print : fingerprint(print),
      stamp,
      importedAt: this.now,
    };
    await putIdMap(this.db, row);
    let byKind = this.map.get(kind);
    if (!byKind) {
      byKind = new Map();
      this.map.set(kind, byKind);
    }
    byKind.set(tornaId, row);
  }
}
