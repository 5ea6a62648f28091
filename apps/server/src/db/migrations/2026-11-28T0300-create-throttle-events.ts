import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * One table for every throttle (logins, LDAP logins, share and composed-project passwords, registrations):
 * `modules/throttle/throttle.service.ts` reserves a row before a secret is checked and counts with it, which
 * makes the count atomic (60 parallel wrong logins from one address check at most 10 passwords). It replaces
 * `login_attempts` and `visitor_password_failures`, whose count-then-insert raced; their rows are counters of
 * the last minutes and are dropped with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', indexedText(db, 16), (c) => c.notNull())
    .addColumn('target', indexedText(db), (c) => c.notNull())
    .addColumn('ip', indexedText(db, 64), (c) => c.notNull())
    .addColumn('created_at', indexedText(db, 32), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_events_ip')
    .on('throttle_events')
    .columns(['kind', 'ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('throttle_events_target')
    .on('throttle_events')
    .columns(['kind', 'target', 'created_at'])
    .execute();
  await db.schema.dropTable('login_attempts').ifExists().execute();
  await db.schema.dropTable('visitor_password_failures').ifExists().execute();
}

/** Gives back the two tables (empty: their rows were counters of the last minutes) and drops the new one. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_events').ifExists().execute();
  const counters: Array<[string, string]> = [
    ['login_attempts', 'username_key'],
    ['visitor_password_failures', 'subject'],
  ];
  for (const [table, target] of counters) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn(target, indexedText(db), (c) => c.notNull())
      .addColumn('ip', indexedText(db), (c) => c.notNull())
      .addColumn('created_at', indexedText(db), (c) => c.notNull())
      .execute();
    const index = table === 'login_attempts' ? 'login_attempts_user' : 'visitor_password_failures_subject';
    await db.schema.createIndex(index).on(table).columns([target, 'created_at']).execute();
    await db.schema.createIndex(`${table}_ip`).on(table).columns(['ip', 'created_at']).execute();
  }
}
