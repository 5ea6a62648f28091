import { type Kysely, sql } from 'kysely';

/**
 * `docs.sync_origin`: `push` or `import` on the docs and folders a sync created, null on those made in Quire.
 * A replacing push removes only docs a sync created; revision 1 told that before, but old revisions are
 * pruned (keep 90 days / 50 newest), so the origin is kept on the row. Existing docs get it from their first
 * revision where it still exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('docs').addColumn('sync_origin', 'text').execute();
  await sql`
    update docs set sync_origin = (
      select r.source from doc_revisions r
      where r.doc_id = docs.id and r.revision = 1 and r.source in ('push', 'import')
    )
    where exists (
      select 1 from doc_revisions r
      where r.doc_id = docs.id and r.revision = 1 and r.source in ('push', 'import')
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('docs').dropColumn('sync_origin').execute();
}
