import { type Kysely, sql } from 'kysely';
import { indexedText } from './mysql-ddl.ts';

/**
 * Who holds a legacy mock path. `/mock/<path>` was one namespace across every application, and the newest
 * configuration with a path won, so anyone could change what another team's mock URL answered by saving a mock
 * with the same path. From now on a path key belongs to the application that claimed it first: only that
 * application's configurations answer at `/mock/<path>`, for good (docs/mock.md). The claims are filled here
 * from the configurations that exist (the oldest configuration of each key, deleted docs included, decides),
 * and every later save of a path claims it when nobody holds it yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mock_path_claims')
    // A mock's path, up to 256 characters (MockLimits.pathMax), as mock_configs.path_key.
    .addColumn('path_key', indexedText(db, 256), (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute();
  await fillClaims(db);
}

/** Claims every unclaimed path key for the application of its oldest configuration (exported for its test). */
export async function fillClaims(db: Kysely<unknown>): Promise<void> {
  // One-word aliases: the same on every dialect, with or without the camel-case plugin.
  const rows = await sql<{ keyname: string; owner: string; created: string }>`
    select m.path_key as keyname, d.module_id as owner, m.created_at as created
    from mock_configs m join docs d on d.id = m.doc_id
    where m.path_key <> '' and m.path_key not in (select path_key from mock_path_claims)
    order by m.created_at, m.id`.execute(db);
  const first = new Map<string, { pathKey: string; moduleId: string; claimedAt: string }>();
  for (const row of rows.rows) {
    if (!first.has(row.keyname))
      first.set(row.keyname, { pathKey: row.keyname, moduleId: row.owner, claimedAt: row.created });
  }
  const claims = [...first.values()];
  for (let at = 0; at < claims.length; at += 200) {
    const chunk = claims.slice(at, at + 200);
    await sql`insert into mock_path_claims (path_key, module_id, claimed_at) values ${sql.join(
      chunk.map((c) => sql`(${c.pathKey}, ${c.moduleId}, ${c.claimedAt})`),
    )}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mock_path_claims').execute();
}
