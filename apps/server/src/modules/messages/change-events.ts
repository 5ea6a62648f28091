import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertOutboxRow } from './notify.repository.ts';

/** How a doc changed, as a follower reads it. */
export type DocChangeKind = 'add' | 'update' | 'delete' | 'lock' | 'unlock';

/** One doc of a change; `revision` names the revision whose recorded differences give the summary. */
export interface ChangedDoc {
  id: string;
  name: string;
  change: DocChangeKind;
  revision?: number;
}

/** Where a change came from. */
export type ChangeVia = 'web' | 'restore' | 'push' | 'import';

/**
 * A change of docs of one application by one person or sync: one outbox row, however many docs it touched
 * (a push of 1,000 docs is one row), fanned out to followers and webhooks after the commit.
 */
export interface DocsChangeEvent {
  kind: 'docs';
  moduleId: string;
  /** The user who made the change (excluded from the recipients), or the open API's system id. */
  actorId: string;
  /** The name shown as the modifier. */
  actorName: string;
  via: ChangeVia;
  remark: string;
  /** The restored revision, for a restore. */
  restoredFrom?: number;
  docs: ChangedDoc[];
  /** A push's or an import's counts: also tells the application's admins (type 3 message). */
  counts?: { added: number; updated: number; deleted: number; unchanged: number };
  at: string;
}

/** A push or an import that failed: the application's admins hear the reason. */
export interface OutcomeFailureEvent {
  kind: 'failure';
  moduleId: string;
  actorId: string;
  actorName: string;
  via: 'push' | 'import';
  /** The reason in each built-in language. */
  reason: { texts: Record<string, string> };
  at: string;
}

export type ChangeEvent = DocsChangeEvent | OutcomeFailureEvent;

type Writer = Kysely<Database> | Transaction<Database>;

/**
 * Signals, in this process, that an outbox row was written (so a worker looks at once instead of at its next
 * poll) and that a user's unread messages changed (so their open message streams tell the bell). Only hints:
 * the rows are the truth, and other instances find them by polling.
 */
export const changeSignals = new EventEmitter();
changeSignals.setMaxListeners(0);

/** Wakes the workers of this process (after the commit that wrote an outbox row). */
export function signalChange(): void {
  changeSignals.emit('outbox');
}

/**
 * Writes a change into the outbox. Call it inside the transaction of the change itself, so the change and the
 * promise to tell people about it commit together; then `signalChange()` after the commit.
 */
export async function queueChange(db: Writer, event: ChangeEvent): Promise<void> {
  await insertOutboxRow(db, {
    id: newId(),
    kind: event.kind,
    payload: JSON.stringify(event),
    status: 'queued',
    lockedUntil: null,
    error: null,
    createdAt: nowIso(),
    finishedAt: null,
  });
}

/** A change a person made in the web app (save, restore, lock, delete), as an outbox event. */
export function webChange(
  actor: { id: string; nickname: string },
  moduleId: string,
  docs: ChangedDoc[],
  options: { via?: 'web' | 'restore'; remark?: string; restoredFrom?: number | null; at: string },
): DocsChangeEvent {
  const event: DocsChangeEvent = {
    kind: 'docs',
    moduleId,
    actorId: actor.id,
    actorName: actor.nickname,
    via: options.via ?? 'web',
    remark: options.remark ?? '',
    docs,
    at: options.at,
  };
  if (options.restoredFrom) event.restoredFrom = options.restoredFrom;
  return event;
}
