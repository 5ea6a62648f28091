import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, MockConfigsTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export type MockRow = Selectable<MockConfigsTable>;
export type MockListRow = MockRow & { creatorName: string | null; modifierName: string | null };

/** The configurations of a doc: the default one first, then by version. */
export function listMocks(db: Executor, docId: string): Promise<MockListRow[]> {
  return db
    .selectFrom('mockConfigs')
    .leftJoin('users as creator', 'creator.id', 'mockConfigs.createdBy')
    .leftJoin('users as modifier', 'modifier.id', 'mockConfigs.updatedBy')
    .selectAll('mockConfigs')
    .select(['creator.nickname as creatorName', 'modifier.nickname as modifierName'])
    .where('mockConfigs.docId', '=', docId)
    .orderBy('mockConfigs.isDefault', 'desc')
    .orderBy('mockConfigs.version')
    .orderBy('mockConfigs.createdAt')
    .execute();
}

export function findMock(db: Executor, id: string): Promise<MockRow | undefined> {
  return db.selectFrom('mockConfigs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The highest version of a doc's configurations (0 when it has none). */
export async function maxMockVersion(db: Executor, docId: string): Promise<number> {
  const row = await db
    .selectFrom('mockConfigs')
    .select((eb) => eb.fn.max('version').as('top'))
    .where('docId', '=', docId)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

export async function insertMock(db: Executor, row: Insertable<MockConfigsTable>): Promise<void> {
  await db.insertInto('mockConfigs').values(row).execute();
}

/** Inserts a row unless one with its id exists: two saves racing to create a doc's default both succeed. */
export async function insertMockIfAbsent(db: Db, row: Insertable<MockConfigsTable>): Promise<void> {
  await upsert(db, db.insertInto('mockConfigs').values(row), ['id']).execute();
}

export async function updateMock(
  db: Executor,
  id: string,
  patch: Updateable<MockConfigsTable>,
): Promise<void> {
  await db.updateTable('mockConfigs').set(patch).where('id', '=', id).execute();
}

export async function deleteMock(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('mockConfigs').where('id', '=', id).execute();
}

/** Path keys one lookup takes (pathKeys gives at most four); unused slots hold '#', which no saved path has. */
const KEY_SLOTS = 4;
const NO_KEY = '#';

/**
 * What `/mock/<path>` may answer: configurations of live docs in live applications whose id is `id`, or whose
 * path key is one of the keys and held by their own application (`mock_path_claims`: the application that
 * claimed the key first keeps it, so another application's configuration with the same path never answers
 * there). Newest first. Prepared: every mock request runs it.
 */
const selectServable = preparedQuery((db, k1: string, k2: string, k3: string, k4: string, id: string) =>
  db
    .selectFrom('mockConfigs')
    .innerJoin('docs', 'docs.id', 'mockConfigs.docId')
    .innerJoin('modules', 'modules.id', 'docs.moduleId')
    .leftJoin('mockPathClaims', 'mockPathClaims.pathKey', 'mockConfigs.pathKey')
    .selectAll('mockConfigs')
    .select('docs.moduleId as moduleId')
    .where('docs.deletedAt', 'is', null)
    .where('modules.deletedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('mockConfigs.pathKey', 'in', [k1, k2, k3, k4]),
          eb('mockPathClaims.moduleId', '=', eb.ref('docs.moduleId')),
        ]),
        eb('mockConfigs.id', '=', id),
      ]),
    )
    .orderBy('mockConfigs.createdAt', 'desc')
    .limit(100),
);

export function findServable(
  db: Db,
  keys: ReadonlyArray<string>,
  id: string,
): Promise<(MockRow & { moduleId: string })[]> {
  const [k1 = NO_KEY, k2 = NO_KEY, k3 = NO_KEY, k4 = NO_KEY] = keys.slice(0, KEY_SLOTS);
  return selectServable(db, k1, k2, k3, k4, id);
}

/** Claims a legacy path for an application unless another (or the same) application holds it already. */
export async function claimPathKey(
  db: Executor,
  pathKey: string,
  moduleId: string,
  now: string,
): Promise<void> {
  await upsert(db, db.insertInto('mockPathClaims').values({ pathKey, moduleId, claimedAt: now }), [
    'pathKey',
  ]).execute();
}

/** The applications holding these path keys. */
export async function pathKeyOwners(db: Executor, keys: ReadonlyArray<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter((key) => key !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('mockPathClaims')
    .select(['pathKey', 'moduleId'])
    .where('pathKey', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.pathKey, row.moduleId]));
}

/** A live application's id, or undefined: the first step of a request under a mock base. */
const selectLiveModule = preparedQuery((db, id: string) =>
  db.selectFrom('modules').select('id').where('id', '=', id).where('deletedAt', 'is', null).limit(1),
);

export async function isLiveModule(db: Db, moduleId: string): Promise<boolean> {
  return (await selectLiveModule(db, moduleId)).length > 0;
}

/** The HTTP docs of an application a mock base routes to: method and URL of every live doc. */
const selectRouteDocs = preparedQuery((db, moduleId: string) =>
  db
    .selectFrom('docs')
    .select(['id', 'url', 'httpMethod'])
    .where('moduleId', '=', moduleId)
    .where('deletedAt', 'is', null)
    .where('isFolder', '=', 0)
    .where('type', '=', 0)
    .orderBy('id'),
);

export function listRouteDocs(
  db: Db,
  moduleId: string,
): Promise<{ id: string; url: string; httpMethod: string }[]> {
  return selectRouteDocs(db, moduleId);
}

/** The configurations of one doc, newest first (what its route under the mock base chooses from). */
export function listDocConfigs(db: Executor, docId: string): Promise<MockRow[]> {
  return db
    .selectFrom('mockConfigs')
    .selectAll()
    .where('docId', '=', docId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** The stored document of a live doc (the default mock follows its response params). */
export async function findDocContent(db: Executor, docId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('docs')
    // The document is its revision at the doc's own number (migration 2026-11-29T0030).
    .innerJoin('docRevisions as cur', (join) =>
      join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
    )
    .select('cur.snapshot as content')
    .where('docs.id', '=', docId)
    .where('docs.deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.content;
}
