import type { Db } from '../../db/database.ts';

/** One saved revision of a live doc of a project, newest first (the MCP server's `list_changes`). */
export interface ChangeRow {
  docId: string;
  docName: string;
  httpMethod: string;
  url: string;
  moduleId: string;
  moduleName: string;
  revision: number;
  source: string;
  remark: string;
  changes: string;
  createdAt: string;
  byName: string | null;
}

/** The revisions saved at or after `since` in the live docs of a project's live applications. */
export async function listProjectRevisions(
  db: Db,
  projectId: string,
  since: string,
  limit: number,
): Promise<ChangeRow[]> {
  return await db
    .selectFrom('docRevisions')
    .innerJoin('docs', 'docs.id', 'docRevisions.docId')
    .innerJoin('modules', 'modules.id', 'docs.moduleId')
    .leftJoin('users', 'users.id', 'docRevisions.createdBy')
    .select([
      'docs.id as docId',
      'docs.name as docName',
      'docs.httpMethod',
      'docs.url',
      'modules.id as moduleId',
      'modules.name as moduleName',
      'docRevisions.revision',
      'docRevisions.source',
      'docRevisions.remark',
      'docRevisions.changes',
      'docRevisions.createdAt',
      'users.nickname as byName',
    ])
    .where('modules.projectId', '=', projectId)
    .where('modules.deletedAt', 'is', null)
    .where('docs.deletedAt', 'is', null)
    .where('docs.isFolder', '=', 0)
    .where('docRevisions.createdAt', '>=', since)
    // Past the doc's own number: a re-import's revision written ahead of its switch (doc-sync/deferred-writes.ts).
    .whereRef('docRevisions.revision', '<=', 'docs.revision')
    .orderBy('docRevisions.createdAt', 'desc')
    .orderBy('docRevisions.docId')
    .orderBy('docRevisions.revision', 'desc')
    .limit(limit)
    .execute();
}
