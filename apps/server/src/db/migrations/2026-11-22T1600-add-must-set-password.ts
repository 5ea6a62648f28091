import { type Kysely, sql } from 'kysely';

/**
 * Remembers "must set a password" apart from the status, so disabling and re-enabling an account whose
 * password was just reset does not let it skip choosing its own password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_set_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set must_set_password = 1 where status = 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_set_password').execute();
}
