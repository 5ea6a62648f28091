import type { Kysely } from 'kysely';

/**
 * `jobs.phase`: which step a running job is in (fetch, parse, convert, save; any word a job kind chooses), shown
 * beside its done/total count. `save` is also the point of no return: a cancel is refused once the job's
 * writes are being committed, so a cancelled job never leaves anything behind and a committed one is never
 * called cancelled. Jobs also gain the status `cancelled` (the column is free text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('phase', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('phase').execute();
}
