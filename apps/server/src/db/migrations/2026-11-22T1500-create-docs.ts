import { type Kysely, sql } from 'kysely';
import { createLiveUniqueIndex, indexedText, isMysql } from './mysql-ddl.ts';

/**
 * Docs and folders of applications, their revisions, dictionaries, constants pages and error-code tables, and
 * the global params of environments.
 *
 * A doc is one row: light columns for the tree (name, method, url, parent, order, flags) and `content`, the
 * whole document as JSON (the api-model `ApiDoc`, versioned by its `v`). The light columns are copies of the
 * document's fields written in the same statement, so the tree and the uniqueness check never read the JSON.
 * A revision row is the snapshot of `content` after a save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('docs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    // '' at the top of the module; no foreign key, so the root needs no row.
    .addColumn('parent_id', indexedText(db), (c) => c.notNull().defaultTo(''))
    .addColumn('is_folder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    // On MySQL the unique key below holds module, method and URL within InnoDB's 3,072 bytes.
    .addColumn('url', indexedText(db, 512), (c) => c.notNull().defaultTo(''))
    .addColumn('http_method', indexedText(db, 32), (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deprecated', 'text', (c) => c.notNull().defaultTo('$false$'))
    .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema.createIndex('docs_module_parent').on('docs').columns(['module_id', 'parent_id']).execute();
  // One live HTTP doc per method and URL in an application (folders and other doc kinds are not keyed).
  if (isMysql(db))
    await createLiveUniqueIndex(
      db,
      'docs_http_live',
      'docs',
      ['module_id', 'http_method', 'url'],
      'deleted_at is null and is_folder = 0 and type = 0',
    );
  else
    await db.schema
      .createIndex('docs_http_live')
      .on('docs')
      .columns(['module_id', 'http_method', 'url'])
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .where(sql.ref('is_folder'), '=', 0)
      .where(sql.ref('type'), '=', 0)
      .execute();

  await db.schema
    .createTable('doc_revisions')
    .addColumn('doc_id', 'text', (c) => c.notNull().references('docs.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull())
    // The differences from the revision before (api-model `diffDocs`), kept so the changelog reads no snapshots.
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    // The revision a restore brought back; null for other saves.
    .addColumn('restored_from', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doc_revisions_pk', ['doc_id', 'revision'])
    .execute();

  await db.schema
    .createTable('enums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('enums_module_name', ['module_id', 'name'])
    .execute();

  await db.schema
    .createTable('enum_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enum_id', 'text', (c) => c.notNull().references('enums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('string'))
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('enum_items_enum_name', ['enum_id', 'name'])
    .execute();

  // One row per project or application: the constants page (HTML) and the error-code table (JSON).
  await db.schema
    .createTable('constants')
    .addColumn('scope_type', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('constants_pk', ['scope_type', 'scope_id'])
    .execute();

  await db.schema
    .createTable('environment_globals')
    .addColumn('environment_id', 'text', (c) =>
      c.primaryKey().references('module_environments.id').onDelete('cascade'),
    )
    // JSON {globalHeaders, globalParams, globalReturns}: three param trees of the doc model.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['environment_globals', 'constants', 'enum_items', 'enums', 'doc_revisions', 'docs']) {
    await db.schema.dropTable(table).execute();
  }
}
