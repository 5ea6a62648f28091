import type { Kysely } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * Followers hear about changes.
 *
 * `project_subscriptions`: a user follows a project, which covers its docs, present and future.
 *
 * `change_outbox`: one row per change that may notify people (a sync, an edit, a deletion, a push's or an
 * import's outcome), written in the same transaction as the change itself, so a crash between the commit and
 * the fan-out loses nothing: the row stays `queued` until a worker has written the messages and webhook
 * deliveries it implies. Claimed by a conditional update with a lease, like jobs, so N instances share them.
 *
 * `webhooks`: team-chat robots and signed generic hooks of an application or a project. The URL (a DingTalk or
 * WeCom URL carries its access token) and the signing secret are sealed with the secret box.
 *
 * `webhook_deliveries`: one row per message to a hook: the body sent, its status, attempts, the next attempt
 * (retries back off) and the last answer's status code; the delivery log of the settings screen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_subscriptions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_subscriptions_pk', ['user_id', 'project_id'])
    .execute();
  await db.schema
    .createIndex('project_subscriptions_project')
    .on('project_subscriptions')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('change_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // docs | outcome
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON of the change (modules/messages/change-events.ts).
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued | running | done | failed
    .addColumn('status', indexedText(db), (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', indexedText(db), (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('change_outbox_status')
    .on('change_outbox')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // module | project
    .addColumn('scope_type', indexedText(db), (c) => c.notNull())
    .addColumn('scope_id', indexedText(db), (c) => c.notNull())
    // dingtalk | wecom | feishu | slack | generic
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url_enc', 'text', (c) => c.notNull())
    // Where the URL goes, without its query (which may hold a token): what lists show.
    .addColumn('url_hint', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of event names.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_scope').on('webhooks').columns(['scope_type', 'scope_id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // queued | running | success | failed
    .addColumn('status', indexedText(db), (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', indexedText(db), (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', indexedText(db), (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_hook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('change_outbox').execute();
  await db.schema.dropTable('project_subscriptions').execute();
}
