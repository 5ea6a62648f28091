import type { Insertable, Transaction, Updateable } from 'kysely';
import { chunksOf } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import type { Database, TornaIdMapTable } from '../../db/schema.ts';

/**
 * The Quire side of `quire import-torna`: the id map and the rows an import writes. An import is a bulk load
 * of whole features at once (like db/transfer.ts), so it writes their tables here in one transaction rather than
 * through each feature's one-row-at-a-time services; the documents it writes are built by the docs module's
 * own functions (prepareDocument, columnsOf), so they are stored exactly as a save stores them.
 */

export type Executor = Db | Transaction<Database>;
export type MapRow = TornaIdMapTable;

/** Every mapped row, by kind then Torna id. */
export async function readIdMap(db: Executor): Promise<Map<string, Map<string, MapRow>>> {
  const rows = await db.selectFrom('tornaIdMap').selectAll().execute();
  const out = new Map<string, Map<string, MapRow>>();
  for (const row of rows) {
    let kind = out.get(row.kind);
    if (!kind) {
      kind = new Map();
      out.set(row.kind, kind);
    }
    kind.set(row.tornaId, row);
  }
  return out;
}

export async function putIdMap(db: Executor, row: MapRow): Promise<void> {
  const updated = await db
    .updateTable('tornaIdMap')
    .set({ quireId: row.quireId, fingerprint: row.fingerprint, stamp: row.stamp, importedAt: row.importedAt })
    .where('kind', '=', row.kind)
    .where('tornaId', '=', row.tornaId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('tornaIdMap').values(row).execute();
}

/** The Quire id a Torna id of a kind became (old links). */
export async function findMapped(db: Executor, kind: string, tornaId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tornaIdMap')
    .select('quireId')
    .where('kind', '=', kind)
    .where('tornaId', '=', tornaId)
    .executeTakeFirst();
  return row?.quireId;
}

/** Inserts rows of one table in chunks. */
export async function insertRows<T extends keyof Database & string>(
  db: Executor,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const width = Object.keys(rows[0] as object).length || 1;
  // Stay under SQLite's and PostgreSQL's bound-parameter limits.
  const size = Math.max(1, Math.floor(900 / width));
  // biome-ignore lint/suspicious/noExplicitAny: one generic bulk insert over every table of the import.
  for (const chunk of chunksOf(rows, size)) await (db.insertInto(table) as any).values(chunk).execute();
}

/** Accounts by lower-cased user name, for matching Torna's users to accounts that already exist. */
export async function userIdsByKey(db: Executor): Promise<Map<string, string>> {
  const rows = await db.selectFrom('users').select(['id', 'usernameKey']).execute();
  return new Map(rows.map((row) => [row.usernameKey, row.id]));
}

/** The oldest super admin: the owner of rows whose Torna creator is unknown. */
export async function firstSuperAdmin(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('isSuperAdmin', '=', 1)
    .orderBy('createdAt')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Revision and deletion of docs, for telling whether Quire changed them since the last import. Not their
 * content: a later run reads the content of the docs it updates only (torna-content.repository.ts `docContents`).
 */
export async function docStates(
  db: Executor,
  ids: string[],
): Promise<Map<string, { revision: number; deletedAt: string | null }>> {
  const out = new Map<string, { revision: number; deletedAt: string | null }>();
  for (const chunk of chunksOf(ids, 500)) {
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('docs')
      .select(['id', 'revision', 'deletedAt'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

export async function updateDocRow(
  db: Executor,
  id: string,
  values: Updateable<Database['docs']>,
): Promise<void> {
  await db.updateTable('docs').set(values).where('id', '=', id).execute();
}

export async function setMemberRole(
  db: Executor,
  scope: 'space' | 'project',
  scopeId: string,
  userId: string,
  role: string,
): Promise<void> {
  if (scope === 'space')
    await db
      .updateTable('spaceMembers')
      .set({ role })
      .where('spaceId', '=', scopeId)
      .where('userId', '=', userId)
      .execute();
  else
    await db
      .updateTable('projectMembers')
      .set({ role })
      .where('projectId', '=', scopeId)
      .where('userId', '=', userId)
      .execute();
}

export async function removeMember(
  db: Executor,
  scope: 'space' | 'project',
  scopeId: string,
  userId: string,
): Promise<void> {
  if (scope === 'space')
    await db.deleteFrom('spaceMembers').where('spaceId', '=', scopeId).where('userId', '=', userId).execute();
  else
    await db
      .deleteFrom('projectMembers')
      .where('projectId', '=', scopeId)
      .where('userId', '=', userId)
      .execute();
}

/** Member pairs that exist, as `scopeId userId`. */
export async function memberKeys(db: Executor): Promise<{ space: Set<string>; project: Set<string> }> {
  const spaces = await db.selectFrom('spaceMembers').select(['spaceId', 'userId']).execute();
  const projects = await db.selectFrom('projectMembers').select(['projectId', 'userId']).execute();
  return {
    space: new Set(spaces.map((m) => `${m.spaceId} ${m.userId}`)),
    project: new Set(projects.map((m) => `${m.projectId} ${m.userId}`)),
  };
}

/** Constants pages that exist, as `scopeType scopeId`. */
export async function constantKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('constants').select(['scopeType', 'scopeId']).execute();
  return new Set(rows.map((row) => `${row.scopeType} ${row.scopeId}`));
}

/** Mock path keys already held by an application. */
export async function claimedPathKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('mockPathClaims').select('pathKey').execute();
  return new Set(rows.map((row) => row.pathKey));
}

/** Push token hashes already in use. */
export async function tokenHashes(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('moduleTokens').select('tokenHash').execute();
  return new Set(rows.map((row) => row.tokenHash));
}

/** App keys of open users already in use. */
export async function openUserKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('openUsers').select('appKey').execute();
  return new Set(rows.map((row) => row.appKey));
}

/** Subscription pairs that exist, as `userId docId` / `userId projectId`. */
export async function subscriptionKeys(db: Executor): Promise<{ doc: Set<string>; project: Set<string> }> {
  const docs = await db.selectFrom('docSubscriptions').select(['userId', 'docId']).execute();
  const projects = await db.selectFrom('projectSubscriptions').select(['userId', 'projectId']).execute();
  return {
    doc: new Set(docs.map((s) => `${s.userId} ${s.docId}`)),
    project: new Set(projects.map((s) => `${s.userId} ${s.projectId}`)),
  };
}

/** Rows of the Quire tables an import fills, for the report's "in Quire" column. */
export async function countQuireRows(
  db: Executor,
  tables: (keyof Database & string)[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    out.set(table, Number(row?.n ?? 0));
  }
  return out;
}
