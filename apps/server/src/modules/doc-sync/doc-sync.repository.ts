import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { chunksOf } from '../../db/chunks.ts';
import { isSharedServer } from '../../db/dialect.ts';
import type { Database, DocsTable } from '../../db/schema.ts';

/** A transaction, or the root handle when a staged import writes in short transactions of its own (staged-sync.ts). */
type Trx = Kysely<Database>;

/** A live doc or folder of the synced application, with its document. */
export type SyncDocRow = Pick<
  Selectable<DocsTable>,
  | 'id'
  | 'parentId'
  | 'isFolder'
  | 'name'
  | 'url'
  | 'httpMethod'
  | 'type'
  | 'orderIndex'
  | 'isLocked'
  | 'revision'
  | 'syncOrigin'
  | 'isShow'
  | 'deprecated'
  | 'author'
  | 'contentType'
> & { content: string };

/**
 * Every live doc and folder of an application, the folders with their documents and the docs without (an empty
 * string): one query for the whole sync. A sync reads a doc's document only once the source names it
 * (`listDocContents`, a few dozen at a time): a push of a few docs into a large application reads a few
 * documents, and a re-import of all of them never holds them all at once (Microsoft Graph's: 140 MB).
 */
export function listSyncDocs(trx: Trx, moduleId: string): Promise<SyncDocRow[]> {
  // A folder's document is the snapshot of its revision at its own number (migration 2026-11-29T0030); a left
  // join, so a row is never missed (and made again) whatever its history holds.
  const content = sql<string>`case when docs.is_folder = 1 then coalesce(cur.snapshot, '') else '' end`;
  return trx
    .selectFrom('docs')
    .leftJoin('docRevisions as cur', (join) =>
      join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
    )
    .select([
      'docs.id',
      'docs.parentId',
      'docs.isFolder',
      'docs.name',
      'docs.url',
      'docs.httpMethod',
      'docs.type',
      'docs.orderIndex',
      'docs.isLocked',
      'docs.revision',
      content.as('content'),
      'docs.syncOrigin',
      'docs.isShow',
      'docs.deprecated',
      'docs.author',
      'docs.contentType',
    ])
    .where('docs.moduleId', '=', moduleId)
    .where('docs.deletedAt', 'is', null)
    .orderBy('docs.orderIndex')
    .orderBy('docs.createdAt')
    .orderBy('docs.id')
    .execute();
}

/** The documents of the given docs, deleted or not. */
export async function listDocContents(
  trx: Trx,
  ids: ReadonlyArray<string>,
): Promise<Array<{ id: string; content: string }>> {
  const out: Array<{ id: string; content: string }> = [];
  for (const chunk of chunksOf(ids))
    out.push(
      ...(await trx
        .selectFrom('docs')
        .innerJoin('docRevisions as cur', (join) =>
          join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
        )
        .select(['docs.id', 'cur.snapshot as content'])
        .where('docs.id', 'in', chunk)
        .execute()),
    );
  return out;
}

/** One revision's bookkeeping: which doc, which revision, from which source. */
export interface RevisionSourceRow {
  docId: string;
  revision: number;
  source: string;
}

/**
 * The revisions of an application's live docs that wrote a description: the first revision of each doc and
 * every later one whose changes name the `description` field. The newest of them tells whether a person
 * (source `web` or `restore`) or a sync wrote the description a doc holds now. The LIKE reads the change
 * list as text (written by `diffDocs`: `{"target":"field","kind":"update","field":"description",...}`), so
 * no snapshot is parsed.
 */
export async function listDescriptionRevisions(
  trx: Trx,
  moduleId: string,
  docIds?: ReadonlyArray<string>,
): Promise<RevisionSourceRow[]> {
  const wrote = (eb: ExpressionBuilder<Database, 'docRevisions'>) =>
    eb.and([
      eb.or([
        eb('docRevisions.revision', '=', 1),
        eb('docRevisions.changes', 'like', '%"field":"description"%'),
      ]),
      // Not a revision written ahead of a re-import's switch (deferred-writes.ts): numbered past its doc's.
      eb(
        'docRevisions.revision',
        '<=',
        eb.selectFrom('docs').select('docs.revision').whereRef('docs.id', '=', 'docRevisions.docId'),
      ),
    ]);
  if (docIds) {
    // The docs a push names: their own revisions only, not every revision of the application.
    const out: RevisionSourceRow[] = [];
    for (const chunk of chunksOf(docIds))
      out.push(
        ...(await trx
          .selectFrom('docRevisions')
          .select(['docId', 'revision', 'source'])
          .where('docId', 'in', chunk)
          .where(wrote)
          .execute()),
      );
    return out;
  }
  return trx
    .selectFrom('docRevisions')
    .innerJoin('docs', 'docs.id', 'docRevisions.docId')
    .select(['docRevisions.docId', 'docRevisions.revision', 'docRevisions.source'])
    .where('docs.moduleId', '=', moduleId)
    .where('docs.deletedAt', 'is', null)
    .where('docs.isFolder', '=', 0)
    .where(wrote)
    .execute();
}

/**
 * Takes the application's row lock until the transaction ends. On PostgreSQL and MySQL this serializes syncs of one
 * application across every process sharing the database (`SELECT ... FOR UPDATE`); SQLite runs one write
 * transaction at a time anyway, so there is nothing to take.
 */
export async function lockModuleRow(trx: Transaction<Database>, moduleId: string): Promise<void> {
  if (!isSharedServer(trx)) return;
  await sql`select id from modules where id = ${moduleId} for update`.execute(trx);
}

/** The live rows at the top of an application, in their order. */
export function listTopLevel(trx: Trx, moduleId: string) {
  return trx
    .selectFrom('docs')
    .select(['id', 'isFolder', 'name', 'orderIndex'])
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', '')
    .where('deletedAt', 'is', null)
    .orderBy('orderIndex')
    .execute();
}

/** Moves a row within its parent. */
export async function setOrderIndex(trx: Trx, id: string, orderIndex: number): Promise<void> {
  await trx.updateTable('docs').set({ orderIndex }).where('id', '=', id).execute();
}
