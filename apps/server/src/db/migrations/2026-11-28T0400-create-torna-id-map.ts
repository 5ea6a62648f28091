import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * What `quire import-torna` brought from a Torna database (docs/torna-import.md): one row per Torna row, by
 * kind (`user`, `space`, `doc`, `share`, ...) and Torna id, with the Quire id it became. A later run reads it to
 * bring only what changed (the fingerprint of the Torna row), to leave alone what was edited in Quire since
 * (the stamp: the Quire row's revision or update time when the import wrote it), and the old links
 * `/#/view/<hashid>` and `/#/share/<hashid>` are resolved through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('torna_id_map')
    .addColumn('kind', indexedText(db, 32), (c) => c.notNull())
    .addColumn('torna_id', indexedText(db, 64), (c) => c.notNull())
    .addColumn('quire_id', indexedText(db, 64), (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('stamp', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('torna_id_map_pk', ['kind', 'torna_id'])
    .execute();
  await db.schema
    .createIndex('torna_id_map_quire')
    .on('torna_id_map')
    .columns(['kind', 'quire_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('torna_id_map').execute();
}
