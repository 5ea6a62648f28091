import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * The debug panel's storage. `debug_scripts`: Torna's pre-request (type 0) and post-response (type 1)
 * scripts of a doc, an application or a project (scope 0, 1, 2; `ref_id` is the id of that doc, application
 * or project), each switchable. `user_props`: Torna's `prop` rows keyed by user; type 10 keeps the last
 * values a user sent from a doc's debug panel and a short history (`ref_id` = the doc).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('debug_scripts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('scope', 'integer', (c) => c.notNull())
    .addColumn('ref_id', indexedText(db), (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('creator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('debug_scripts_ref').on('debug_scripts').columns(['scope', 'ref_id']).execute();
  await db.schema
    .createTable('user_props')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_props_pk', ['user_id', 'type', 'ref_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_props').execute();
  await db.schema.dropTable('debug_scripts').execute();
}
