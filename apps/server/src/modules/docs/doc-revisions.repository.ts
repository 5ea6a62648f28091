import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, DocRevisionsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A revision without its snapshot, with the nickname of who made it. */
export type RevisionEntry = Omit<Selectable<DocRevisionsTable>, 'snapshot'> & { creatorName: string | null };

/** A revision with its snapshot. */
export type RevisionRow = RevisionEntry & { snapshot: string };

/**
 * Appends the revision of a save that has just taken its number (the doc's compare-and-set). A row already at
 * that number was written ahead by a re-import and never published (doc-sync/deferred-writes.ts): the save
 * wins it, and the re-import, whose plan the save made stale, plans again.
 */
export async function insertRevision(db: Executor, row: Insertable<DocRevisionsTable>): Promise<void> {
  await db
    .deleteFrom('docRevisions')
    .where('docId', '=', row.docId)
    .where('revision', '=', row.revision)
    .execute();
  await db.insertInto('docRevisions').values(row).execute();
}

/**
 * Revisions numbered up to their doc's own: one past it is a re-import's revision written ahead of its switch
 * (doc-sync/deferred-writes.ts), which nobody may see before the switch publishes it.
 */
function published(db: Executor) {
  return db
    .selectFrom('docRevisions')
    .where(({ eb, selectFrom }) =>
      eb(
        'docRevisions.revision',
        '<=',
        selectFrom('docs').select('docs.revision').whereRef('docs.id', '=', 'docRevisions.docId'),
      ),
    );
}

function selectRevisions(db: Executor) {
  return published(db)
    .leftJoin('users', 'users.id', 'docRevisions.createdBy')
    .select([
      'docRevisions.docId',
      'docRevisions.revision',
      'docRevisions.remark',
      'docRevisions.source',
      'docRevisions.changes',
      'docRevisions.restoredFrom',
      'docRevisions.createdBy',
      'docRevisions.createdAt',
      'users.nickname as creatorName',
    ]);
}

/** The newest revisions of a doc, newest first, without snapshots. */
export function listRevisions(db: Executor, docId: string, limit: number): Promise<RevisionEntry[]> {
  return selectRevisions(db)
    .where('docRevisions.docId', '=', docId)
    .orderBy('docRevisions.revision', 'desc')
    .limit(limit)
    .execute();
}

/** One revision of a doc with its snapshot. */
export function findRevision(
  db: Executor,
  docId: string,
  revision: number,
): Promise<RevisionRow | undefined> {
  return selectRevisions(db)
    .select('docRevisions.snapshot')
    .where('docRevisions.docId', '=', docId)
    .where('docRevisions.revision', '=', revision)
    .executeTakeFirst();
}

/** The remark of one revision (the detail shows the current revision's). */
export async function findRevisionRemark(db: Executor, docId: string, revision: number): Promise<string> {
  const row = await published(db)
    .select('docRevisions.remark')
    .where('docRevisions.docId', '=', docId)
    .where('docRevisions.revision', '=', revision)
    .executeTakeFirst();
  return row?.remark ?? '';
}

/**
 * Deletes the revisions of a doc numbered below `belowRevision` and made before `createdBefore`: what the
 * retention rule lets go. Uses the primary key (doc, revision). A revision a release froze stays (a release
 * reads its docs from these snapshots, docs/releases.md).
 */
export async function deleteOldRevisions(
  db: Executor,
  docId: string,
  belowRevision: number,
  createdBefore: string,
): Promise<number> {
  const result = await db
    .deleteFrom('docRevisions')
    .where('docId', '=', docId)
    .where('revision', '<', belowRevision)
    .where('createdAt', '<', createdBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('releaseDocs')
            .select('releaseDocs.docId')
            .whereRef('releaseDocs.docId', '=', 'docRevisions.docId')
            .whereRef('releaseDocs.revision', '=', 'docRevisions.revision'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
