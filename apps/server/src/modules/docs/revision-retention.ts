import type { Db } from '../../db/database.ts';
import { deleteOldRevisions } from './doc-revisions.repository.ts';

/**
 * How many revisions a doc keeps: every revision of the last `keepDays` days, and in any case the newest
 * `keepLatest` revisions, however old. Older revisions are deleted. The rule runs after a save has committed,
 * and only on every `pruneEvery`-th revision of a doc, so a save pays for it rarely and never inside its
 * transaction. The current revision is always among the kept ones.
 */
export const RevisionRetention = { keepDays: 90, keepLatest: 50, pruneEvery: 10 } as const;

const DAY_MS = 24 * 3600_000;

/** Whether the save that made `revision` should prune the doc's history. */
export function isPruneTurn(revision: number): boolean {
  return revision > RevisionRetention.keepLatest && revision % RevisionRetention.pruneEvery === 0;
}

/** Applies the retention rule to one doc whose newest revision is `revision`; answers how many went. */
export function pruneRevisions(db: Db, docId: string, revision: number, now = Date.now()): Promise<number> {
  const belowRevision = revision - RevisionRetention.keepLatest + 1;
  const createdBefore = new Date(now - RevisionRetention.keepDays * DAY_MS).toISOString();
  return deleteOldRevisions(db, docId, belowRevision, createdBefore);
}
