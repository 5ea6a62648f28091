import { newId } from '../../lib/ids.ts';
import { freezeReleaseTree } from '../releases/releases.service.ts';
import { docHeads, releaseNoKeys, releaseSubscriptionKeys } from './torna-content.repository.ts';
import { insertRows } from './torna-import.repository.ts';
import { fingerprint, groupBy, id, int, live, text, time } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import { bringOnce, Reason, withoutTimes } from './torna-steps.ts';
import { note, reason } from './torna-messages.ts';

/*
 * Torna's releases (`project_release`, `project_release_doc`) as Quire's (modules/releases, docs/releases.md).
 * Torna only lists a release's docs and always shows them as they are now; a Quire release freezes each doc at
 * a revision. The import freezes the revision each doc has once this run's docs and history are in, so the
 * release starts from the docs as Torna showed them on the day of the import (docs/torna-import.md says so).
 * Runs after the doc and history steps, before subscriptions (type 4 names a release).
 */

const ORPHAN = reason('reason.orphan_project');

export async function importReleases(run: ImportRun): Promise<void> {
  const bindings = groupBy(run.rows('project_release_doc'), 'release_id', false);
  const taken = await releaseNoKeys(run.db);
  const docIds = run
    .rows('project_release_doc')
    .map((row) => run.quireId('doc', id(row, 'source_id')))
    .filter((value): value is string => Boolean(value));
  const heads = await docHeads(run.db, docIds);
  for (const row of run.rows('project_release')) {
    const own = bindings.get(id(row)) ?? [];
    const alive = own.filter(live);
    const known = run.mapped('release', id(row));
    const print = { row, docs: alive.map((binding) => id(binding, 'source_id')).sort() };
    let written = false;
    await bringOnce(
      run,
      'project_release',
      'release',
      row,
      async () => {
        written = true;
        const projectId = run.quireId('project', id(row, 'project_id'));
        if (!projectId) {
          run.leave('project_release', ORPHAN);
          run.leave('project_release_doc', reason('reason.release_not_brought'), own.length);
          return undefined;
        }
        // Torna's column is varchar(20) and its code keeps numbers unique per project; Quire's constraint is hard.
        let releaseNo = text(row, 'release_no').trim().slice(0, 20) || `#${id(row)}`;
        if (taken.has(`${projectId} ${releaseNo}`)) {
          const renamed = `${releaseNo.slice(0, 20 - `-t${id(row)}`.length)}-t${id(row)}`;
          run.note(note('note.release_renamed', id(row), releaseNo, renamed));
          releaseNo = renamed;
        }
        taken.add(`${projectId} ${releaseNo}`);
        const releaseId = newId();
        const createdAt = time(row, 'gmt_create', run.now);
        await insertRows(run.db, 'releases', [
          {
            id: releaseId,
            projectId,
            releaseNo,
            releaseDesc: text(row, 'release_desc').slice(0, 200),
            status: int(row, 'status', 1) === 1 ? 1 : 0,
            dingdingWebhook: text(row, 'dingding_webhook').slice(0, 200),
            weComWebhook: text(row, 'we_com_webhook').slice(0, 200),
            // Torna records no creator for a release.
            createdBy: run.owner,
            createdAt,
            updatedAt: time(row, 'gmt_modified', createdAt),
          },
        ]);
        const frozen = new Set<string>();
        const docs = [];
        for (const binding of alive) {
          const docId = run.quireId('doc', id(binding, 'source_id'));
          const head = docId ? heads.get(docId) : undefined;
          if (!head || head.deletedAt || head.isFolder === 1) {
            run.leave('project_release_doc', reason('reason.release_doc_not_brought'));
            continue;
          }
          // Quire's releases hold docs of their own project only (docs/releases.md).
          if (head.projectId !== projectId) {
            run.leave('project_release_doc', reason('reason.release_doc_other_project'));
            continue;
          }
          if (frozen.has(head.id)) {
            // Torna re-inserts bindings on every edit of a release; a doc bound twice is one frozen doc.
            run.report('project_release_doc').unchanged++;
            continue;
          }
          frozen.add(head.id);
          docs.push({
            releaseId,
            docId: head.id,
            moduleId: head.moduleId,
            revision: head.revision,
            name: head.name,
            url: head.url,
            httpMethod: head.httpMethod,
            orderIndex: docs.length,
          });
        }
        await insertRows(run.db, 'releaseDocs', docs);
        // Where the docs sit and the folders as they are at the import, as a release made in Quire freezes them.
        await freezeReleaseTree(run.db, releaseId);
        run.report('project_release_doc').added += docs.length;
        run.leave('project_release_doc', Reason.softDeleted, own.length - alive.length);
        return releaseId;
      },
      print,
    );
    if (written) continue;
    // The release was brought by an earlier run, or is left out: its bindings go with it in the report.
    if (!known || !live(row))
      run.leave('project_release_doc', reason('reason.release_not_brought'), own.length);
    else if (known.fingerprint === fingerprint(withoutTimes(print)))
      run.report('project_release_doc').unchanged += own.length;
    else run.leave('project_release_doc', Reason.changedOnce, own.length);
  }
  const known = new Set(run.rows('project_release').map((row) => id(row)));
  const strays = run.rows('project_release_doc').filter((row) => !known.has(id(row, 'release_id'))).length;
  run.leave('project_release_doc', reason('reason.orphan_release'), strays);
}

/** Torna's subscriptions of type 4 (a user follows a release); called by the subscriptions step. */
export async function bringReleaseSubscription(
  run: ImportRun,
  row: ReturnType<ImportRun['rows']>[number],
  existing: Set<string>,
): Promise<string | undefined> {
  const userId = run.quireId('user', id(row, 'user_id'));
  const releaseId = run.quireId('release', id(row, 'source_id'));
  if (!userId || !releaseId) {
    run.leave('user_subscribe', reason('reason.orphan_release_subscription'));
    return undefined;
  }
  const key = `${userId} ${releaseId}`;
  if (!existing.has(key)) {
    existing.add(key);
    await insertRows(run.db, 'releaseSubscriptions', [
      { userId, releaseId, createdAt: time(row, 'gmt_create', run.now) },
    ]);
  }
  return key;
}

export { releaseSubscriptionKeys };
