import type { Kysely } from 'kysely';

/**
 * `spaces.internal_access`: whether outbound calls tied to the space (debug proxy, swagger URL imports,
 * webhooks) may reach the internal hosts `QUIRE_FETCH_ALLOW_HOSTS` opens. Only a super admin grants it; every
 * space starts without it, existing ones included (an upgrade closes internal hosts until a super admin opens
 * them again per space).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('spaces')
    .addColumn('internal_access', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spaces').dropColumn('internal_access').execute();
}
