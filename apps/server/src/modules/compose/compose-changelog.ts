import type { ComposeChangelog, ShareChangelog } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import {
  listValidReleases,
  narrowComparison,
  projectChangesSince,
  projectsOfDocs,
} from '../releases/releases.service.ts';
import { findLiveDocs, listEntries } from './compose.repository.ts';
import { loadVisible } from './compose-public.service.ts';

/**
 * `GET /api/compose/project/changelog?id` (docs/releases.md): per project the composed project's docs come
 * from, that project's valid releases and what changed since the newest, narrowed to the docs it shows: the
 * docs it names that are live and shown, and those deleted since (their removal is told); a doc hidden now is
 * left out, as the menu leaves it out. Same visitor rules as the composed project's other calls.
 */
export async function composeChangelogOf(
  db: Db,
  request: FastifyRequest,
  id: string,
): Promise<ComposeChangelog> {
  const row = await loadVisible(db, request, id);
  const named = [
    ...new Set((await listEntries(db, row.id)).filter((e) => e.isFolder !== 1).map((e) => e.docId)),
  ];
  const hidden = new Set(
    (await findLiveDocs(db, named)).filter((d) => d.isShow !== 1 || d.isFolder === 1).map((d) => d.id),
  );
  const shown = new Set(named.filter((docId) => !hidden.has(docId)));
  const projectOf = await projectsOfDocs(db, [...shown]);
  const sources: ShareChangelog[] = [];
  for (const projectId of new Set(projectOf.values())) {
    const releases = await listValidReleases(db, projectId);
    const newest = releases[0];
    if (!newest) continue;
    const found = await projectChangesSince(db, projectId, newest.id);
    sources.push({
      releases: releases.map((r) => ({
        id: r.id,
        releaseNo: r.releaseNo,
        releaseDesc: r.releaseDesc,
        gmtCreate: r.createdAt,
      })),
      since: { id: newest.id, releaseNo: newest.releaseNo, gmtCreate: newest.createdAt },
      changes: found ? narrowComparison(found.changes, (op) => shown.has(op.docId)) : null,
    });
  }
  return { sources };
}
