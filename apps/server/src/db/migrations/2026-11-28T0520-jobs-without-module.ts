import { type Kysely, sql } from 'kysely';
import { isMysql } from './mysql-ddl.ts';

/**
 * `jobs.module_id` becomes optional: an import from Torna (Backend management › Import from Torna,
 * modules/torna-import/torna-import-job.ts) is a job of the whole server, not of an application. The foreign
 * key stays (an application's jobs still go with it); a job of no application has NULL, which no key checks.
 * SQLite cannot drop a NOT NULL, so its table is rebuilt from its own stored definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await setModuleNullable(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where module_id is null`.execute(db);
  await setModuleNullable(db, false);
}

async function setModuleNullable(db: Kysely<unknown>, nullable: boolean): Promise<void> {
  const dialect = db.getExecutor().adapter.constructor.name;
  if (dialect.startsWith('Postgres')) {
    await sql`alter table jobs alter column module_id ${sql.raw(nullable ? 'drop' : 'set')} not null`.execute(
      db,
    );
    return;
  }
  if (isMysql(db)) {
    const { rows } = await sql<{ type: string; collation: string | null }>`
      select column_type as type, collation_name as collation from information_schema.columns
      where table_schema = database() and table_name = 'jobs' and column_name = 'module_id'`.execute(db);
    const column = rows[0];
    if (!column) throw new Error('jobs.module_id is missing');
    const collation = column.collation ? sql` collate ${sql.raw(column.collation)}` : sql``;
    await sql`alter table jobs modify module_id ${sql.raw(column.type)}${collation} ${sql.raw(
      nullable ? 'null' : 'not null',
    )}`.execute(db);
    return;
  }
  await rebuildSqliteJobs(db, nullable);
}

/** SQLite: the table again from its stored CREATE statement with module_id's NOT NULL dropped or restored. */
async function rebuildSqliteJobs(db: Kysely<unknown>, nullable: boolean): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'jobs'`.execute(db);
  const table = rows.find((row) => row.type === 'table');
  if (!table?.sql) throw new Error('the jobs table is missing');
  const strict = /("module_id"\s+text)\s+not null/i;
  const loose = /("module_id"\s+text)(\s+references)/i;
  const created = nullable ? table.sql.replace(strict, '$1') : table.sql.replace(loose, '$1 not null$2');
  if (created === table.sql) throw new Error(`unexpected definition of jobs: ${table.sql}`);
  await sql.raw(created.replace(/^create table\s+"?jobs"?/i, 'create table "jobs_rebuilt"')).execute(db);
  await sql`insert into jobs_rebuilt select * from jobs`.execute(db);
  await sql`drop table jobs`.execute(db);
  await sql`alter table jobs_rebuilt rename to jobs`.execute(db);
  for (const index of rows) if (index.type === 'index' && index.sql) await sql.raw(index.sql).execute(db);
}
