import type { Kysely } from 'kysely';

/**
 * `modules.staged_job_id`: set while a first import writes its application hidden (modules/doc-sync/
 * staged-sync.ts). Such an application is also marked deleted, so every read that already skips deleted
 * applications (trees, docs, search, mock, shares, lists) skips it too; the id says it is not in the trash
 * but being built by that job, and `''` that it is being discarded. One short transaction publishes it
 * (clears both); nothing else ever reads a staged application's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('modules').addColumn('staged_job_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('modules').dropColumn('staged_job_id').execute();
}
