import type { Kysely } from 'kysely';

/**
 * `gen_templates.disabled_note`: why a template may not be rendered ('' when it may). Set by `quire
 * import-torna` on a Torna (Velocity) template it could not translate to Liquid; saving the template (the
 * rewrite) clears it. varchar, not text: MySQL before 8.0.13 gives no default to text columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('gen_templates')
    .addColumn('disabled_note', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gen_templates').dropColumn('disabled_note').execute();
}
