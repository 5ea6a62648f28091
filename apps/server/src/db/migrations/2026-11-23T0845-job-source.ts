import type { Kysely } from 'kysely';

/**
 * `jobs.source`: JSON of the source a re-import into an existing application reads (an uploaded Postman or
 * Markdown file, a Swagger file, text or URL), instead of the application's saved `module_sources` row. It is
 * written to `module_sources` only when the job succeeds, so a failed re-import leaves the application, its
 * docs and its saved source exactly as they were; it is cleared when the job ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('source').execute();
}
