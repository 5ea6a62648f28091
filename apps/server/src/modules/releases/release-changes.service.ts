import { type OperationVersion, summarizeDiff } from '@quire/api-model';
import type { Comparison, ReleaseComparison } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { loadProject } from '../projects/projects.service.ts';
import { keptChanges } from './changes-cache.ts';
import {
  compareContents,
  currentContent,
  currentRows,
  frozenRows,
  rowsChangedSince,
} from './release-content.ts';
import { findRelease, listReleases, projectContentVersion, type ReleaseRow } from './releases.repository.ts';

/*
 * What changed between releases, or since one (docs/releases.md): the comparisons behind `compare`, the
 * changelog, shares' feeds, a push's change report and the MCP tools. releases.service.ts re-exports them.
 */

/** `compare`: from one release to another, or to the docs as they are now (`toId` empty). */
export async function compareReleases(
  c: Caller,
  projectId: string,
  fromId: string,
  toId: string,
): Promise<ReleaseComparison> {
  const project = await loadProject(c, projectId, 'doc.read');
  const from = await findRelease(c.db, fromId);
  if (!from || from.projectId !== project.id) throw new AppError('release.not_found');
  const to = toId ? await findRelease(c.db, toId) : null;
  if (toId && (!to || to.projectId !== project.id)) throw new AppError('release.not_found');
  const before = await frozenRows(c.db, from.id);
  const after = to ? await frozenRows(c.db, to.id) : await currentRows(c.db, project.id);
  const comparison = await compareContents(c.db, project.id, before, after);
  return {
    ...comparison,
    from: { id: from.id, releaseNo: from.releaseNo },
    to: to ? { id: to.id, releaseNo: to.releaseNo } : null,
  };
}

/**
 * What changed in a project since a release (the newest valid one when `releaseId` is null), without an
 * access check: the changelog page and other readers (an MCP tool) call it after checking access themselves.
 * Null when the project has no valid release to count from.
 */
export async function projectChangesSince(
  db: Db,
  projectId: string,
  releaseId: string | null,
): Promise<{ since: ReleaseRow; changes: Comparison } | null> {
  const since = releaseId
    ? await findRelease(db, releaseId)
    : (await listReleases(db, projectId, { status: 1 }))[0];
  if (!since || since.projectId !== projectId) return null;
  // Kept until the docs, dictionaries or applications of the project or the release change (changes-cache.ts).
  const version = `${since.updatedAt}\n${await projectContentVersion(db, projectId)}`;
  const changes = await keptChanges(`${projectId}\n${since.id}`, version, async () =>
    compareContents(db, projectId, ...(await rowsChangedSince(db, projectId, since.id))),
  );
  return { since, changes };
}

/**
 * What changed from one release to another (`fromId` null: from nothing, so a first release lists its
 * operations as added), or to the docs now (`toId` null). No access check: the caller checked.
 */
export async function compareReleasePair(
  db: Db,
  projectId: string,
  fromId: string | null,
  toId: string | null,
): Promise<Comparison> {
  const empty = { rows: [], enums: new Map<string, string[]>() };
  const before = fromId ? await frozenRows(db, fromId) : empty;
  const after = toId ? await frozenRows(db, toId) : await currentRows(db, projectId);
  return compareContents(db, projectId, before, after);
}

/** The first `limit` operations of a comparison (all without a limit), its summary counting them all. */
export function firstOperations(comparison: Comparison, limit: number | undefined): Comparison {
  if (limit === undefined || comparison.operations.length <= limit) return comparison;
  return { ...comparison, operations: comparison.operations.slice(0, limit) };
}

/** A comparison narrowed to some operations, its counts recomputed. */
export function narrowComparison(
  comparison: Comparison,
  keep: (op: Comparison['operations'][number]) => boolean,
): Comparison {
  const operations = comparison.operations.filter(keep);
  return { operations, summary: summarizeDiff(operations) };
}

/** The operations of one application as they are now (a push compares them before and after). */
export async function moduleOperations(db: Db, moduleId: string): Promise<OperationVersion[]> {
  return (await currentContent(db, '', [moduleId])).operations;
}
