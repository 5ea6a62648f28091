import type { Comparison, ShareChangelog } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { translate } from '../../http/lang.ts';
import {
  compareReleasePair,
  latestDocChange,
  listValidReleases,
  narrowComparison,
  projectChangesSince,
  type ReleaseRow,
} from '../releases/releases.service.ts';
import { atomXml, escapeMarkup } from './atom-feed.ts';
import { loadVisibleShare, reach } from './share-public.service.ts';
import { listShareContents } from './shares.repository.ts';

/** Releases a feed describes (each compared with the one before it). */
export const FEED_RELEASES = 20;

/**
 * The changelog of a share (docs/releases.md): the project's valid releases and what changed since the newest,
 * narrowed to the share's application and the docs it shows (a doc the share names directly stays in view
 * once deleted, so its removal is told). Same visitor rules as the share's other calls.
 */
async function shareScope(db: Db, request: FastifyRequest, id: string) {
  const open = await loadVisibleShare(db, request, id);
  const { share, module } = open;
  const { docIds } = await reach(db, open);
  const named = (await listShareContents(db, share.id)).map((row) => row.docId);
  const keepIds = new Set([...docIds, ...named]);
  const isAll = share.isAll === 1;
  const keep = (op: Comparison['operations'][number]) =>
    op.moduleId === module.id && (isAll || keepIds.has(op.docId));
  return { share, module, keep };
}

export async function shareChangelogOf(db: Db, request: FastifyRequest, id: string): Promise<ShareChangelog> {
  const { module, keep } = await shareScope(db, request, id);
  const releases = await listValidReleases(db, module.projectId);
  const found = await projectChangesSince(db, module.projectId, releases[0]?.id ?? null);
  return {
    releases: releases.map((r) => ({
      id: r.id,
      releaseNo: r.releaseNo,
      releaseDesc: r.releaseDesc,
      gmtCreate: r.createdAt,
    })),
    since: found
      ? { id: found.since.id, releaseNo: found.since.releaseNo, gmtCreate: found.since.createdAt }
      : null,
    changes: found ? narrowComparison(found.changes, keep) : null,
  };
}

const esc = escapeMarkup;

/** A comparison as HTML for a feed entry: the counts, then the operations, breaking first. */
export function comparisonHtml(lang: string, comparison: Comparison, head: string): string {
  const t = (key: string, args: ReadonlyArray<string | number> = []) =>
    translate(lang, 'releases', key, args);
  const parts = head ? [`<p>${esc(head)}</p>`] : [];
  const { levels } = comparison.summary;
  if (!comparison.operations.length)
    return [...parts, `<p>${esc(translate(lang, 'releaseFeed', 'noChanges'))}</p>`].join('');
  parts.push(`<p>${esc(t('summary', [levels.breaking, levels['non-breaking'], levels.docs]))}</p>`);
  const labels = { breaking: 'breaking', 'non-breaking': 'nonBreaking', docs: 'docsOnly' } as const;
  for (const level of ['breaking', 'non-breaking', 'docs'] as const) {
    const ops = comparison.operations.filter((op) => op.level === level);
    if (!ops.length) continue;
    parts.push(`<h3>${esc(t(labels[level]))}</h3><ul>`);
    for (const op of ops) {
      const changes = op.changes
        .filter((c) => op.kind === 'changed' && c.level === level)
        .map((c) => `<li>${esc(`${c.where === 'operation' ? '' : `${c.where} ${c.path}: `}${c.rule}`)}</li>`)
        .join('');
      parts.push(
        `<li><code>${esc(op.key)}</code> ${esc(op.name)} (${esc(t(op.kind))})${changes ? `<ul>${changes}</ul>` : ''}</li>`,
      );
    }
    parts.push('</ul>');
  }
  return parts.join('');
}

/** The origin a feed's links use: the request's own (Fastify's host honours the proxy settings). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * `GET /share/{id}/changelog.atom`: one entry per valid release (newest 20, each with what changed since the
 * release before it, in the share's scope), and on top the changes since the newest release when there are
 * any, dated by the last change of the application's docs. Entry ids are stable, so readers show news once.
 */
export async function shareChangelogFeed(db: Db, request: FastifyRequest, id: string): Promise<string> {
  const { share, module, keep } = await shareScope(db, request, id);
  const lang = request.lang;
  const f = (key: string, args: ReadonlyArray<string | number> = []) =>
    translate(lang, 'releaseFeed', key, args);
  const releases = (await listValidReleases(db, module.projectId)).slice(0, FEED_RELEASES + 1);
  const entries: Array<{ id: string; title: string; updated: string; html: string }> = [];
  const newest: ReleaseRow | undefined = releases[0];
  if (newest) {
    const since = narrowComparison(await compareReleasePair(db, module.projectId, newest.id, null), keep);
    const changed = await latestDocChange(db, [module.id]);
    if (since.operations.length && changed) {
      entries.push({
        // A new id whenever the docs change again, so a reader shows the newer state as news.
        id: `urn:quire:share:${share.id}:since:${newest.id}:${changed}`,
        title: f('unreleased', [newest.releaseNo]),
        updated: changed,
        html: comparisonHtml(lang, since, ''),
      });
    }
  }
  for (const [i, release] of releases.slice(0, FEED_RELEASES).entries()) {
    const previous = releases[i + 1];
    const diff = narrowComparison(
      await compareReleasePair(db, module.projectId, previous?.id ?? null, release.id),
      keep,
    );
    entries.push({
      id: `urn:quire:share:${share.id}:release:${release.id}`,
      title: f('release', [release.releaseNo]),
      updated: release.createdAt,
      html: comparisonHtml(lang, diff, release.releaseDesc),
    });
  }
  const origin = originOf(request);
  const updated =
    entries
      .map((e) => e.updated)
      .sort()
      .at(-1) ?? share.updatedAt;
  return atomXml({
    id: `urn:quire:share:${share.id}:changelog`,
    title: f('title', [module.name]),
    updated,
    selfUrl: `${origin}/share/${encodeURIComponent(share.id)}/changelog.atom`,
    alternateUrl: `${origin}/share/${encodeURIComponent(share.id)}`,
    entries,
  });
}
