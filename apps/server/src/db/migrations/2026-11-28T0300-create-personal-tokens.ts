import type { Kysely } from 'kysely';

/**
 * Personal access tokens (`/user/tokens`, the MCP server at `POST /mcp`): a user's own credential for scripts
 * and coding agents. Kept as the sha256 of the whole token (a 256-bit random secret needs no slow hash); the
 * secret is answered once and never stored. `prefix` is the token's first characters, shown in the list so
 * its owner recognises it. `project_ids` is a JSON array when the token is limited to chosen projects, NULL
 * otherwise. A revoked token keeps its row (`revoked_at`) so the list still shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('personal_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('read_only', 'integer', (c) => c.notNull())
    .addColumn('project_ids', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('personal_tokens_user').on('personal_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personal_tokens').execute();
}
