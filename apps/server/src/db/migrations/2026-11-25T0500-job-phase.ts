import type { Kysely } from 'kysely';

/**
 * `jobs.phase`: which step a running job is in (fetch, parse, convert, save; any word a job kind chooses), shown
 * beside its done/total count. `save` is also the point of no return: a cancel is refused once the job's
 * writes are being committed, so a cancelled job never leaves anything behind and a committed one is never
 * called cancelled. Jobs also gain the status `cancelled` (the column is free text).
 *
 * `module_sources.source_hash`: a digest of the text the last successful import read (and the converter
 * version), so re-importing an unchanged source into an application nobody edited since skips the conversion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('phase', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('module_sources').addColumn('source_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('module_sources').dropColumn('source_hash').execute();
  await db.schema.alterTable('jobs').dropColumn('phase').execute();
}
