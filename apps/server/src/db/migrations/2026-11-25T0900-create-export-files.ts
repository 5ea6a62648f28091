import type { Kysely } from 'kysely';

/**
 * `export_files`: the file a large export job wrote, downloadable by the user who asked for it (`created_by`)
 * until `expires_at` (a day), then pruned. The body is base64 text: one column type on SQLite and PostgreSQL,
 * and a backup (JSON lines) carries it as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_files_job').on('export_files').column('job_id').execute();
  await db.schema.createIndex('export_files_expires').on('export_files').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_files').execute();
}
