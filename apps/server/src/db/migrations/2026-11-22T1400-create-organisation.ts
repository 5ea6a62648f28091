import { type Kysely, sql } from 'kysely';
import { createLiveUniqueIndex, indexedText, isMysql } from './mysql-ddl.ts';

/**
 * Spaces, projects, applications (modules), their members, environments, open-API clients and the audit log.
 * Spaces, projects and modules are soft-deleted (`deleted_at`) so a super admin can restore them; their name
 * uniqueness holds among live rows only, enforced by partial unique indexes (both SQLite and PostgreSQL have them;
 * MySQL gets the generated-column form of `createLiveUniqueIndex`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', indexedText(db), (c) => c.notNull())
    .addColumn('is_compose', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  if (isMysql(db))
    await createLiveUniqueIndex(db, 'spaces_name_live', 'spaces', ['name'], 'deleted_at is null');
  else
    await db.schema
      .createIndex('spaces_name_live')
      .on('spaces')
      .column('name')
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();

  await db.schema
    .createTable('space_members')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('join_time', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_members_pk', ['space_id', 'user_id'])
    .execute();
  await db.schema.createIndex('space_members_user').on('space_members').column('user_id').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('name', indexedText(db), (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  if (isMysql(db))
    await createLiveUniqueIndex(
      db,
      'projects_name_live',
      'projects',
      ['space_id', 'name'],
      'deleted_at is null',
    );
  else
    await db.schema
      .createIndex('projects_name_live')
      .on('projects')
      .columns(['space_id', 'name'])
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('join_time', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user').on('project_members').column('user_id').execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', indexedText(db), (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  if (isMysql(db))
    await createLiveUniqueIndex(
      db,
      'modules_name_live',
      'modules',
      ['project_id', 'name'],
      'deleted_at is null',
    );
  else
    await db.schema
      .createIndex('modules_name_live')
      .on('modules')
      .columns(['project_id', 'name'])
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();

  await db.schema
    .createTable('module_environments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('module_environments_name', ['module_id', 'name'])
    .execute();

  await db.schema
    .createTable('open_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('app_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('applicant', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('open_users_space').on('open_users').column('space_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', indexedText(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'open_users',
    'module_environments',
    'modules',
    'project_members',
    'projects',
    'space_members',
    'spaces',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
