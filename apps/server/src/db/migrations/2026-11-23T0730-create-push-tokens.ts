import type { Kysely } from 'kysely';

/**
 * The open API's credentials. `module_tokens`: one push token per application, kept as the sha256 of the
 * token (a 256-bit random secret needs no slow hash); refreshing replaces the row, so the old token stops
 * at once. `open_users.sign_secret`: the signing secret of an open user, needed to verify the MD5 `sign`
 * smart-doc sends when an application requires signatures. A symmetric signature can only be checked by a
 * holder of the secret, so it is kept as written; it is a second factor beside the hashed push token, never
 * a credential on its own. Open users created before this migration get it at their next secret reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('module_tokens')
    .addColumn('module_id', 'text', (c) => c.primaryKey().references('modules.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.alterTable('open_users').addColumn('sign_secret', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('open_users').dropColumn('sign_secret').execute();
  await db.schema.dropTable('module_tokens').execute();
}
