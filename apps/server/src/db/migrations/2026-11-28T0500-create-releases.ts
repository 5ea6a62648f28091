import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * Releases of a project (Torna's `project_release`, docs/releases.md).
 *
 * `releases`: a number unique in its project (`release_no`), a description, a status (1 valid, 0 invalid) and
 * Torna's robot addresses.
 *
 * `release_docs`: the docs a release covers, each with the revision it had when the release froze it (the
 * release reads that revision's snapshot later, however the doc moves on; the retention rule of revisions
 * keeps every revision a release names). Name, URL and method are copied so the bind list reads no snapshot.
 *
 * `release_subscriptions`: a user follows a release (Torna's subscription type 4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', indexedText(db), (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('release_no', indexedText(db), (c) => c.notNull())
    .addColumn('release_desc', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('dingding_webhook', 'text', (c) => c.notNull())
    .addColumn('we_com_webhook', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('releases_project_no', ['project_id', 'release_no'])
    .execute();

  await db.schema
    .createTable('release_docs')
    .addColumn('release_id', indexedText(db), (c) =>
      c.notNull().references('releases.id').onDelete('cascade'),
    )
    .addColumn('doc_id', indexedText(db), (c) => c.notNull())
    .addColumn('module_id', indexedText(db), (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('http_method', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_docs_pk', ['release_id', 'doc_id'])
    .execute();
  // The retention rule of revisions asks whether a release names (doc, revision).
  await db.schema
    .createIndex('release_docs_doc')
    .on('release_docs')
    .columns(['doc_id', 'revision'])
    .execute();

  await db.schema
    .createTable('release_subscriptions')
    .addColumn('user_id', indexedText(db), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('release_id', indexedText(db), (c) =>
      c.notNull().references('releases.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_subscriptions_pk', ['user_id', 'release_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_subscriptions').execute();
  await db.schema.dropTable('release_docs').execute();
  await db.schema.dropTable('releases').execute();
}
