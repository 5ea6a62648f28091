import { type Kysely, sql } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * `release_nodes`: where each doc of a release sat when the release froze it, and the folders of its
 * applications as they were then (docs/releases.md, "Freezing"), so a release's tree, its shares and its
 * exports keep the folders, names and order of that moment however the folders move on.
 *
 * One row per frozen doc (`is_folder` 0, `content` empty: the doc's document is its frozen revision) and per
 * folder of an application the release covers (`is_folder` 1, `content` the folder's own document: its name,
 * its Dubbo facts, whether it is shown). `parent_id`, `order_index` and `created_at` are the row's place as the
 * tree and the export sort it (order, then age, then id).
 *
 * Releases made before this table get the tree their docs have at the migration (what they showed until now).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_nodes')
    .addColumn('release_id', indexedText(db), (c) =>
      c.notNull().references('releases.id').onDelete('cascade'),
    )
    .addColumn('node_id', indexedText(db), (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('is_folder', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_nodes_pk', ['release_id', 'node_id'])
    .execute();

  await sql`
    insert into release_nodes
      (release_id, node_id, module_id, parent_id, is_folder, content, order_index, created_at)
    select rd.release_id, rd.doc_id, rd.module_id, coalesce(d.parent_id, ''), 0, '',
      coalesce(d.order_index, 0), coalesce(d.created_at, '')
    from release_docs rd left join docs d on d.id = rd.doc_id
  `.execute(db);
  await sql`
    insert into release_nodes
      (release_id, node_id, module_id, parent_id, is_folder, content, order_index, created_at)
    select m.release_id, f.id, f.module_id, f.parent_id, 1, f.content, f.order_index, f.created_at
    from (select distinct release_id, module_id from release_docs) m
    inner join docs f on f.module_id = m.module_id
    where f.is_folder = 1 and f.deleted_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_nodes').execute();
}
