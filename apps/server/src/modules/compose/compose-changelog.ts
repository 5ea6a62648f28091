import type { Comparison, ComposeChangelog, ShareChangelog } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { translate } from '../../http/lang.ts';
import {
  compareReleasePair,
  latestDocChange,
  listValidReleases,
  narrowComparison,
  projectChangesSince,
  projectsOfDocs,
} from '../releases/releases.service.ts';
import { atomXml } from '../sharing/atom-feed.ts';
import { comparisonHtml, FEED_RELEASES, originOf } from '../sharing/share-changelog.ts';
import { findLiveDocs, listEntries } from './compose.repository.ts';
import { loadVisible } from './compose-public.service.ts';

/**
 * `GET /api/compose/project/changelog?id` (docs/releases.md): per project the composed project's docs come
 * from, that project's valid releases and what changed since the newest, narrowed to the docs it shows: the
 * docs it names that are live and shown, and those deleted since (their removal is told); a doc hidden now is
 * left out, as the menu leaves it out. Same visitor rules as the composed project's other calls.
 */
async function composeScope(db: Db, request: FastifyRequest, id: string) {
  const row = await loadVisible(db, request, id);
  const named = [
    ...new Set((await listEntries(db, row.id)).filter((e) => e.isFolder !== 1).map((e) => e.docId)),
  ];
  const hidden = new Set(
    (await findLiveDocs(db, named)).filter((d) => d.isShow !== 1 || d.isFolder === 1).map((d) => d.id),
  );
  const shown = new Set(named.filter((docId) => !hidden.has(docId)));
  const projectOf = await projectsOfDocs(db, [...shown]);
  return { row, shown, projectIds: [...new Set(projectOf.values())] };
}

export async function composeChangelogOf(
  db: Db,
  request: FastifyRequest,
  id: string,
): Promise<ComposeChangelog> {
  const { shown, projectIds } = await composeScope(db, request, id);
  const sources: ShareChangelog[] = [];
  for (const projectId of projectIds) {
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

/**
 * `GET /show/{id}/changelog.atom`: the composed project's changelog as an Atom feed, as a share's
 * (modules/sharing/share-changelog.ts): per source project, one entry per valid release (newest 20, each with
 * what changed since the one before it) and one with the changes since the newest, all narrowed to the docs
 * the composed project shows; newest first. Same visitor rules as its other calls.
 */
export async function composeChangelogFeed(db: Db, request: FastifyRequest, id: string): Promise<string> {
  const { row, shown, projectIds } = await composeScope(db, request, id);
  const lang = request.lang;
  const f = (key: string, args: ReadonlyArray<string | number> = []) =>
    translate(lang, 'releaseFeed', key, args);
  const keep = (op: Comparison['operations'][number]) => shown.has(op.docId);
  const entries: Array<{ id: string; title: string; updated: string; html: string }> = [];
  for (const projectId of projectIds) {
    const releases = (await listValidReleases(db, projectId)).slice(0, FEED_RELEASES + 1);
    const newest = releases[0];
    if (newest) {
      const since = narrowComparison(await compareReleasePair(db, projectId, newest.id, null), keep);
      const changed = await latestDocChange(db, [...new Set(since.operations.map((op) => op.moduleId))]);
      if (since.operations.length && changed)
        entries.push({
          // A new id whenever the docs change again, so a reader shows the newer state as news.
          id: `urn:quire:show:${row.id}:since:${newest.id}:${changed}`,
          title: f('unreleased', [newest.releaseNo]),
          updated: changed,
          html: comparisonHtml(lang, since, ''),
        });
    }
    for (const [i, release] of releases.slice(0, FEED_RELEASES).entries()) {
      const previous = releases[i + 1];
      const diff = narrowComparison(
        await compareReleasePair(db, projectId, previous?.id ?? null, release.id),
        keep,
      );
      entries.push({
        id: `urn:quire:show:${row.id}:release:${release.id}`,
        title: f('release', [release.releaseNo]),
        updated: release.createdAt,
        html: comparisonHtml(lang, diff, release.releaseDesc),
      });
    }
  }
  entries.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
  const origin = originOf(request);
  return atomXml({
    id: `urn:quire:show:${row.id}:changelog`,
    title: f('title', [row.name]),
    updated: entries[0]?.updated ?? row.updatedAt,
    selfUrl: `${origin}/show/${encodeURIComponent(row.id)}/changelog.atom`,
    alternateUrl: `${origin}/show/${encodeURIComponent(row.id)}`,
    entries,
  });
}
