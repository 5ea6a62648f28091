import { chunksOf } from '../../db/chunks.ts';
import type { Executor } from './torna-import.repository.ts';

/*
 * The Quire side of the import's later steps (releases, history, code templates): the few reads and moves they
 * need beyond torna-import.repository.ts's bulk inserts.
 */

export interface DocHead {
  id: string;
  moduleId: string;
  projectId: string;
  isFolder: number;
  revision: number;
  name: string;
  url: string;
  httpMethod: string;
  deletedAt: string | null;
}

/**
 * Docs by id, with what a release freezes and what history checks. Without their content: a large Torna's
 * docs are many, and the few steps that need a content read it batch by batch (`docContents`).
 */
export async function docHeads(db: Executor, ids: string[]): Promise<Map<string, DocHead>> {
  const out = new Map<string, DocHead>();
  for (const chunk of chunksOf([...new Set(ids)], 500)) {
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('docs')
      .innerJoin('modules', 'modules.id', 'docs.moduleId')
      .select([
        'docs.id',
        'docs.moduleId',
        'modules.projectId',
        'docs.isFolder',
        'docs.revision',
        'docs.name',
        'docs.url',
        'docs.httpMethod',
        'docs.deletedAt',
      ])
      .where('docs.id', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** The stored content of docs by id (a batch at a time: torna-history.ts, torna-doc-import.ts). */
export async function docContents(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const chunk of chunksOf([...new Set(ids)], 500)) {
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('docs')
      .innerJoin('docRevisions as cur', (join) =>
        join.onRef('cur.docId', '=', 'docs.id').onRef('cur.revision', '=', 'docs.revision'),
      )
      .select(['docs.id', 'cur.snapshot as content'])
      .where('docs.id', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.id, row.content);
  }
  return out;
}

/** Release numbers in use, as `projectId releaseNo` (unique per project). */
export async function releaseNoKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('releases').select(['projectId', 'releaseNo']).execute();
  return new Set(rows.map((row) => `${row.projectId} ${row.releaseNo}`));
}

/** Followed releases, as `userId releaseId`. */
export async function releaseSubscriptionKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('releaseSubscriptions').select(['userId', 'releaseId']).execute();
  return new Set(rows.map((row) => `${row.userId} ${row.releaseId}`));
}

/** How many revisions a doc has (history is brought only under a doc that still has its first one alone). */
export async function revisionCount(db: Executor, docId: string): Promise<number> {
  const row = await db
    .selectFrom('docRevisions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('docId', '=', docId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Moves a doc's only revision (1, written by the doc step) to `to`, and the doc with it, so the earlier
 * revisions brought from Torna's snapshots take 1..to-1.
 */
export async function moveFirstRevision(
  db: Executor,
  docId: string,
  to: number,
  changes: string,
): Promise<void> {
  await db
    .updateTable('docRevisions')
    .set({ revision: to, changes })
    .where('docId', '=', docId)
    .where('revision', '=', 1)
    .execute();
  await db.updateTable('docs').set({ revision: to }).where('id', '=', docId).execute();
}

/** Code templates by `groupName name` (unique in Quire). */
export async function templateKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('genTemplates').select(['groupName', 'name']).execute();
  return new Set(rows.map((row) => `${row.groupName}\n${row.name}`));
}
