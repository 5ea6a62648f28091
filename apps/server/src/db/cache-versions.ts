import { type Kysely, sql, type Transaction } from 'kysely';
import { concatText, upsert } from './dialect.ts';
import { preparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The versions the read cache (http/read-cache.ts) keeps its answers under. Two kinds of counters, both
 * written by triggers so that no writer (editor, push, import, restore, another instance) can forget them:
 * - the global `data_version` (migration `data-version`): users, spaces, members, projects, applications,
 *   constants: what the lists show and what every answer's key is made of;
 * - `cache_versions` per scope (migration `2026-11-28T0550-cache-versions`): `m:<module>` the docs of an
 *   application, `a:<module>` its environments and dictionaries, `d:<doc>` one doc, and (migration
 *   `2026-11-28T1330-tree-cache-version`) `t:<module>` what a tree shows of its docs: a save that changes no
 *   name, URL, method, place or visibility leaves every tree cached.
 *
 * A version string names every counter an answer was built from, with the scopes' ids, so an answer keyed
 * by a doc reads as changed when the doc moves to another application even if both counters hold equal
 * numbers. Each is read in one query, before the answer is built.
 */
export type CacheScope =
  /** Lists (spaces, projects): the global version only. */
  | { kind: 'global' }
  /** A doc detail: the doc, its application's environments and dictionaries. */
  | { kind: 'doc'; docId: string; moduleId: string }
  /** The tree of a project: the docs of every application of it. */
  | { kind: 'project'; projectId: string }
  /** The tree of a space: the docs of every application of its projects. */
  | { kind: 'space'; spaceId: string };

type VersionRow = { scope: string; version: number | string | bigint };

const globalRow = (db: Executor) =>
  db
    .selectFrom('dataVersion')
    .select([sql.lit('g').as('scope'), 'version'])
    .where('id', '=', 1);

const selectGlobal = preparedQuery((db) => globalRow(db));

const selectDoc = preparedQuery((db, app: string, doc: string) =>
  globalRow(db).unionAll(
    db.selectFrom('cacheVersions').select(['scope', 'version']).where('scope', 'in', [app, doc]),
  ),
);

/** The `t:` counters of the applications matched by `where` (live or not: a removal bumps the global one). */
const moduleRows = (db: Executor) =>
  db
    .selectFrom('modules')
    .innerJoin('cacheVersions', (join) =>
      join.on('cacheVersions.scope', '=', concatText(db, sql.lit('t:'), sql.ref('modules.id'))),
    )
    .select(['cacheVersions.scope', 'cacheVersions.version']);

const selectProject = preparedQuery((db, projectId: string) =>
  globalRow(db).unionAll(moduleRows(db).where('modules.projectId', '=', projectId)),
);

const selectSpace = preparedQuery((db, spaceId: string) =>
  globalRow(db).unionAll(
    moduleRows(db).where(
      'modules.projectId',
      'in',
      db.selectFrom('projects').select('projects.id').where('projects.spaceId', '=', spaceId),
    ),
  ),
);

function rowsOf(db: Executor, scope: CacheScope): Promise<VersionRow[]> {
  switch (scope.kind) {
    case 'global':
      return selectGlobal(db);
    case 'doc':
      return selectDoc(db, `a:${scope.moduleId}`, `d:${scope.docId}`);
    case 'project':
      return selectProject(db, scope.projectId);
    case 'space':
      return selectSpace(db, scope.spaceId);
  }
}

/**
 * The version of what an answer of `scope` is built from: `g<n>` and each scope counter as `<scope>=<n>`, in
 * a fixed order. A scope never written yet has no row; its first bump adds it, which changes the string too.
 */
export async function readCacheVersion(db: Executor, scope: CacheScope): Promise<string> {
  const rows = await rowsOf(db, scope);
  const own = scope.kind === 'doc' ? [`a:${scope.moduleId}`, `d:${scope.docId}`] : [];
  const parts = rows.map((row) => `${row.scope}=${String(row.version)}`).sort();
  // A doc's scopes are named even before their first bump, so a moved doc's string names its new application.
  for (const name of own) if (!rows.some((row) => row.scope === name)) parts.push(`${name}=0`);
  return parts.join('|');
}

/**
 * The counters of what a sync of one application reads: its docs (`m:`) and its environments and dictionaries
 * (`a:`). Equal strings at two moments mean nobody wrote those rows in between (doc-sync/deferred-sync.ts).
 */
export async function readModuleWriteVersion(db: Executor, moduleId: string): Promise<string> {
  const rows = await db
    .selectFrom('cacheVersions')
    .select(['scope', 'version'])
    .where('scope', 'in', [`m:${moduleId}`, `a:${moduleId}`])
    .execute();
  return rows
    .map((row) => `${row.scope}=${String(row.version)}`)
    .sort()
    .join('|');
}

/**
 * Drops every cached answer of one application on every instance: its docs (`m:`), its trees (`t:`) and its
 * doc details (`a:`). The triggers already do this for writes of docs, environments and dictionaries; this is for a
 * write they cannot see (rows published by a switch outside those tables), and the one call other code
 * should make, so invalidation stays in one place. Run it in the writing transaction: its readers then see
 * the new rows and the new version together.
 */
export async function bumpModuleVersion(db: Executor, moduleId: string): Promise<void> {
  for (const scope of [`m:${moduleId}`, `t:${moduleId}`, `a:${moduleId}`]) {
    await upsert(db, db.insertInto('cacheVersions').values({ scope, version: 1 }), ['scope'], {
      version: sql`cache_versions.version + 1`,
    }).execute();
  }
}
