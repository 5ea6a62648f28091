import { type Kysely, sql } from 'kysely';

/**
 * A doc's document lives in its current revision only: `docs.content` goes, and a doc or folder reads its
 * document from `doc_revisions` at (its id, its `revision`).
 *
 * Why: the document was stored twice (the doc's row and its newest revision's snapshot), and a re-import's
 * switch on SQLite had to rewrite every changed doc's row with it, holding the one writer for seconds
 * (docs/import.md, "Re-imports on SQLite"). Now the switch only bumps each doc's revision to a revision
 * written ahead of it (modules/doc-sync/deferred-writes.ts).
 *
 * Every doc and folder gets a revision at its own number holding its document: folders had none, and a doc
 * whose document changed without a new revision (a folder's description, older code) gets its current
 * revision's snapshot set to what it shows. Down puts the column back from those snapshots.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update doc_revisions set snapshot = (select d.content from docs d where d.id = doc_revisions.doc_id)
    where exists (
      select 1 from docs d
      where d.id = doc_revisions.doc_id and d.revision = doc_revisions.revision and d.content <> doc_revisions.snapshot
    )
  `.execute(db);
  await sql`
    insert into doc_revisions (doc_id, revision, snapshot, remark, source, changes, restored_from, created_by, created_at)
    select d.id, d.revision, d.content, '', coalesce(d.sync_origin, 'web'), '[]', null, d.updated_by, d.updated_at
    from docs d
    where not exists (select 1 from doc_revisions r where r.doc_id = d.id and r.revision = d.revision)
  `.execute(db);
  // The counters' deferred triggers the snapshot update queued fire now: PostgreSQL alters no table with
  // trigger events pending.
  if (isPostgres(db)) await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable('docs').dropColumn('content').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('docs')
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update docs set content = coalesce(
      (select r.snapshot from doc_revisions r where r.doc_id = docs.id and r.revision = docs.revision), ''
    )
  `.execute(db);
  // PostgreSQL: the update queued the cache counters' deferred triggers (migration 2026-11-28T0550), and an
  // earlier migration's down that alters `docs` in the same transaction would refuse to while they wait.
  if (isPostgres(db)) await sql`set constraints all immediate`.execute(db);
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}
