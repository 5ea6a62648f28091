import type { Kysely } from 'kysely';

/**
 * `share_configs.release_id`: a share of a release (docs/releases.md). Null shares the docs as they are now;
 * a release's id shows its visitors the docs as that release froze them. No foreign key (SQLite cannot add
 * one to a table): a share whose release was deleted answers "not found" to visitors rather than falling
 * back to the docs now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_configs').addColumn('release_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_configs').dropColumn('release_id').execute();
}
