import type { Transaction } from 'kysely';
import { chunksOf } from '../../db/chunks.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A valid release of the project that froze one of the changed docs (one row per release and doc). */
export interface ReleaseDocHit {
  releaseId: string;
  releaseNo: string;
  dingdingWebhook: string;
  weComWebhook: string;
  createdBy: string;
  /** The language of the person who made the release: its robots speak it, as a hook speaks its author's. */
  creatorLang: string | null;
  docId: string;
}

/**
 * The valid releases (status 1) of a project holding any of the docs, with the docs they hold: the releases a
 * change of those docs is told to (Torna's rule: invalid releases hear nothing).
 */
export async function listValidReleaseDocs(
  db: Executor,
  projectId: string,
  docIds: ReadonlyArray<string>,
): Promise<ReleaseDocHit[]> {
  const out: ReleaseDocHit[] = [];
  for (const chunk of chunksOf(docIds)) {
    out.push(
      ...(await db
        .selectFrom('releaseDocs')
        .innerJoin('releases', 'releases.id', 'releaseDocs.releaseId')
        .leftJoin('users', 'users.id', 'releases.createdBy')
        .select([
          'releases.id as releaseId',
          'releases.releaseNo',
          'releases.dingdingWebhook',
          'releases.weComWebhook',
          'releases.createdBy',
          'users.lang as creatorLang',
          'releaseDocs.docId',
        ])
        .where('releases.projectId', '=', projectId)
        .where('releases.status', '=', 1)
        .where('releaseDocs.docId', 'in', chunk)
        .orderBy('releases.createdAt')
        .orderBy('releases.id')
        .execute()),
    );
  }
  return out;
}

/** The followers of each release, in the order they followed. */
export async function listReleaseFollowers(
  db: Executor,
  releaseIds: ReadonlyArray<string>,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const chunk of chunksOf(releaseIds)) {
    const rows = await db
      .selectFrom('releaseSubscriptions')
      .select(['releaseId', 'userId'])
      .where('releaseId', 'in', chunk)
      .orderBy('createdAt')
      .orderBy('userId')
      .execute();
    for (const row of rows) out.set(row.releaseId, [...(out.get(row.releaseId) ?? []), row.userId]);
  }
  return out;
}
