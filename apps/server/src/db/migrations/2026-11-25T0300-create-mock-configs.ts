import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * Mock configurations of docs (Torna's `mock_config`), many per doc plus the generated default one.
 * `path_key` is the path a request is looked up by (the typed path without leading slashes, with its query if it
 * has one; '' for configurations reachable by id only, such as the default one), indexed instead of Torna's md5.
 * Name/value lists (`data_kv`, `request_headers`, `response_headers`) are JSON text. `result_type`: 0 fixed body,
 * 1 script, 2 Mock.js template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mock_configs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('doc_id', 'text', (c) => c.notNull().references('docs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('path', 'text', (c) => c.notNull())
    // A mock's path, up to 256 characters (MockLimits.pathMax).
    .addColumn('path_key', indexedText(db, 256), (c) => c.notNull())
    .addColumn('request_data_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_kv', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('request_headers', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('delay_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_headers', 'text', (c) => c.notNull())
    .addColumn('result_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('mock_script', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mock_configs_path_key').on('mock_configs').column('path_key').execute();
  await db.schema.createIndex('mock_configs_doc').on('mock_configs').columns(['doc_id', 'version']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mock_configs').execute();
}
