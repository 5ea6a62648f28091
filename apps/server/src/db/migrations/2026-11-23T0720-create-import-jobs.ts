import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * Background jobs and the sources applications are imported from.
 *
 * `jobs`: one row per piece of background work (an import, a scheduled re-import). Rows, not memory, so a job
 * survives a restart and any of N instances on one database can run it: an instance claims a job by a
 * conditional update and holds it by a lease (`locked_until`) it renews while working; a job whose lease ran
 * out (its instance died) is claimed again, up to `attempts` 3.
 *
 * `module_sources`: where an imported application comes from (URL or saved content), the basic-auth
 * credentials of the URL (the password encrypted, never answered), and the optional refresh interval.
 *
 * `server_keys`: the key that encrypts those passwords when QUIRE_SECRET_KEY is not set (shared by every
 * instance on the database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    // queued | running | done | failed
    .addColumn('status', indexedText(db), (c) => c.notNull())
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the sync counts, removed docs and warnings once done.
    .addColumn('result', 'text')
    // JSON {key, args, message} once failed: answered in the reader's language.
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', indexedText(db), (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_status_created').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('jobs_module').on('jobs').columns(['module_id', 'created_at']).execute();

  await db.schema
    .createTable('module_sources')
    .addColumn('module_id', 'text', (c) => c.primaryKey().references('modules.id').onDelete('cascade'))
    // swagger | postman | markdown
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auth_username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auth_password_enc', 'text', (c) => c.notNull().defaultTo(''))
    // The pasted or uploaded text (null for a URL source).
    .addColumn('content', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    // Minutes between scheduled re-imports; 0 = never.
    .addColumn('refresh_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_sync_at', indexedText(db))
    .addColumn('last_job_id', 'text')
    .addColumn('last_sync_at', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('module_sources_next_sync')
    .on('module_sources')
    .column('next_sync_at')
    .execute();

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_keys').execute();
  await db.schema.dropTable('module_sources').execute();
  await db.schema.dropTable('jobs').execute();
}
