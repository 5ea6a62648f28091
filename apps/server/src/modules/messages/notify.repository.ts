import type { Insertable, Selectable, Transaction } from 'kysely';
import { chunksOf } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import { claimLeased } from '../../db/lease.ts';
import type { ChangeOutboxTable, Database, UserMessagesTable } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;
export type OutboxRow = Selectable<ChangeOutboxTable>;

/** The application, its project and space, when all three are live. */
export interface ModuleScope {
  moduleId: string;
  moduleName: string;
  projectId: string;
  projectName: string;
  spaceId: string;
  isPrivate: boolean;
}

export async function findModuleScope(db: Executor, moduleId: string): Promise<ModuleScope | undefined> {
  const row = await db
    .selectFrom('modules')
    .innerJoin('projects', 'projects.id', 'modules.projectId')
    .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
    .select([
      'modules.id as moduleId',
      'modules.name as moduleName',
      'projects.id as projectId',
      'projects.name as projectName',
      'projects.spaceId as spaceId',
      'projects.isPrivate as isPrivate',
    ])
    .where('modules.id', '=', moduleId)
    .where('modules.deletedAt', 'is', null)
    .where('projects.deletedAt', 'is', null)
    .where('spaces.deletedAt', 'is', null)
    .executeTakeFirst();
  return row && { ...row, isPrivate: row.isPrivate === 1 };
}

/** Who follows which of the given docs. */
export async function listDocFollowers(
  db: Executor,
  docIds: ReadonlyArray<string>,
): Promise<Array<{ userId: string; docId: string }>> {
  const out: Array<{ userId: string; docId: string }> = [];
  for (const chunk of chunksOf(docIds)) {
    out.push(
      ...(await db
        .selectFrom('docSubscriptions')
        .select(['userId', 'docId'])
        .where('docId', 'in', chunk)
        .execute()),
    );
  }
  return out;
}

/** Who follows a project. */
export async function listProjectFollowers(db: Executor, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('projectSubscriptions')
    .select('userId')
    .where('projectId', '=', projectId)
    .execute();
  return rows.map((row) => row.userId);
}

/** A user as a recipient: language, and what access depends on. */
export interface RecipientRow {
  id: string;
  nickname: string;
  lang: string | null;
  isSuperAdmin: number;
  spaceRole: string | null;
  projectRole: string | null;
}

/** The enabled users among `userIds` with their roles in the space and project. */
export async function listRecipientRows(
  db: Executor,
  scope: { spaceId: string; projectId: string },
  userIds: ReadonlyArray<string>,
): Promise<RecipientRow[]> {
  const out: RecipientRow[] = [];
  for (const chunk of chunksOf(userIds)) {
    out.push(
      ...(await db
        .selectFrom('users')
        .leftJoin('spaceMembers', (join) =>
          join.onRef('spaceMembers.userId', '=', 'users.id').on('spaceMembers.spaceId', '=', scope.spaceId),
        )
        .leftJoin('projectMembers', (join) =>
          join
            .onRef('projectMembers.userId', '=', 'users.id')
            .on('projectMembers.projectId', '=', scope.projectId),
        )
        .select([
          'users.id',
          'users.nickname',
          'users.lang',
          'users.isSuperAdmin',
          'spaceMembers.role as spaceRole',
          'projectMembers.role as projectRole',
        ])
        .where('users.id', 'in', chunk)
        .where('users.status', '!=', 0)
        .execute()),
    );
  }
  return out;
}

/** Users who are admins of the project or of its space (explicit rows; super admins are not implied). */
export async function listAdminIds(
  db: Executor,
  scope: { spaceId: string; projectId: string },
): Promise<string[]> {
  const [space, project] = await Promise.all([
    db
      .selectFrom('spaceMembers')
      .select('userId')
      .where('spaceId', '=', scope.spaceId)
      .where('role', '=', 'admin')
      .execute(),
    db
      .selectFrom('projectMembers')
      .select('userId')
      .where('projectId', '=', scope.projectId)
      .where('role', '=', 'admin')
      .execute(),
  ]);
  return [...new Set([...space, ...project].map((row) => row.userId))];
}

/** The recorded differences of the given revisions (`docId` + `revision`). */
export async function listRevisionChanges(
  db: Executor,
  wanted: ReadonlyArray<{ docId: string; revision: number }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const want = new Set(wanted.map((w) => `${w.docId}:${w.revision}`));
  for (const chunk of chunksOf([...new Set(wanted.map((w) => w.docId))])) {
    const revisions = [...new Set(wanted.map((w) => w.revision))];
    const rows = await db
      .selectFrom('docRevisions')
      .select(['docId', 'revision', 'changes'])
      .where('docId', 'in', chunk)
      .where('revision', 'in', revisions)
      .execute();
    for (const row of rows) {
      const key = `${row.docId}:${row.revision}`;
      if (want.has(key)) out.set(key, row.changes);
    }
  }
  return out;
}

/** The snapshots of the given revisions, by `docId:revision` (a pruned revision is missing). */
export async function listRevisionSnapshots(
  db: Executor,
  wanted: ReadonlyArray<{ docId: string; revision: number }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const want = new Set(wanted.map((w) => `${w.docId}:${w.revision}`));
  for (const chunk of chunksOf([...new Set(wanted.map((w) => w.docId))], 100)) {
    const revisions = [...new Set(wanted.map((w) => w.revision))];
    const rows = await db
      .selectFrom('docRevisions')
      .select(['docId', 'revision', 'snapshot'])
      .where('docId', 'in', chunk)
      .where('revision', 'in', revisions)
      .execute();
    for (const row of rows) {
      const key = `${row.docId}:${row.revision}`;
      if (want.has(key)) out.set(key, row.snapshot);
    }
  }
  return out;
}

/** Writes messages in batches of a few hundred rows per statement. */
export async function insertMessages(
  db: Executor,
  rows: ReadonlyArray<Insertable<UserMessagesTable>>,
): Promise<void> {
  // 7 columns: 200 rows stay far below SQLite's and PostgreSQL's parameter limits.
  for (const chunk of chunksOf(rows, 200)) await db.insertInto('userMessages').values(chunk).execute();
}

/** The oldest outbox row ready: queued, or running under a lease that ran out (its instance died). */
export function nextOutboxRow(db: Executor, now: string): Promise<OutboxRow | undefined> {
  return db
    .selectFrom('changeOutbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now)]),
      ]),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Claims an outbox row: only one instance wins (the row must still be as it was read). */
export function claimOutboxRow(db: Executor, row: OutboxRow, until: string): Promise<boolean> {
  return claimLeased(db, 'changeOutbox', row, until);
}

/**
 * Marks a claimed row finished, only while this claim still holds it (same attempt number): inside the
 * fan-out's transaction, so a claim that lost its lease writes nothing twice.
 */
export async function finishOutboxRow(
  db: Executor,
  id: string,
  attempt: number,
  fields: { status: 'done' | 'failed'; error?: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('changeOutbox')
    .set({ status: fields.status, error: fields.error ?? null, finishedAt: fields.now, lockedUntil: null })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes finished outbox rows older than `before`. */
export async function pruneOutbox(db: Executor, before: string): Promise<void> {
  await db
    .deleteFrom('changeOutbox')
    .where('status', 'in', ['done', 'failed'])
    .where('finishedAt', '<', before)
    .execute();
}

/** A user's display name ('' when the account is gone). */
export async function findUserName(db: Executor, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirst();
  return row?.nickname ?? '';
}

/** Writes a change into the outbox (inside the transaction of the change itself). */
export async function insertOutboxRow(db: Executor, row: Insertable<ChangeOutboxTable>): Promise<void> {
  await db.insertInto('changeOutbox').values(row).execute();
}
