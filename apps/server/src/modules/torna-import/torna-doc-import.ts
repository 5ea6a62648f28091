import type { ApiDoc } from '@quire/api-model';
import { chunksOf } from '../../db/chunks.ts';
import { newId } from '../../lib/ids.ts';
import { changesBetween, columnsOf, prepareDocument, readDocument } from '../docs/doc-document.ts';
import { docContents } from './torna-content.repository.ts';
import { TornaRowError, tornaDocToModel } from './torna-docs.ts';
import { docStates, insertRows, updateDocRow } from './torna-import.repository.ts';
import { fingerprint, flag, groupBy, id, int, live, text, time } from './torna-rows.ts';
import type { TornaRow } from './torna-source.repository.ts';
import type { ImportRun } from './torna-run.ts';
import { Reason } from './torna-steps.ts';
import { note, reason } from './torna-messages.ts';

/*
 * Folders and docs (`doc_info`, `doc_param`, `prop`, `push_ignore_field`). Unlike most rows, docs follow Torna on
 * a later run: a doc added, edited or deleted in Torna is added, updated (a new revision) or moved to the trash
 * in Quire, unless Quire changed it since the last run (its revision moved), then Quire's version stays.
 */

/**
 * A live doc to bring, with its folder: its light row (torna-source.repository.ts `LIGHT_COLUMNS`). Its full
 * row and params are read, and its model built, only when its batch is written, so a large Torna never holds
 * every doc's params or model at once (bench/torna-import.bench.ts: 50,000 docs, 600,000 params).
 */
interface Planned {
  row: ReturnType<ImportRun['rows']>[number];
  parentTornaId: string;
}

/** Torna rows parents first, so a child finds the Quire id of its folder. */
function parentsFirst(rows: Planned[]): Planned[] {
  const byId = new Map(rows.map((p) => [id(p.row), p]));
  const out: Planned[] = [];
  const placed = new Set<string>();
  const visit = (p: Planned, path: Set<string>) => {
    const key = id(p.row);
    if (placed.has(key) || path.has(key)) return;
    path.add(key);
    const parent = byId.get(p.parentTornaId);
    if (parent) visit(parent, path);
    placed.add(key);
    out.push(p);
  };
  for (const p of rows) visit(p, new Set());
  return out;
}

/** Docs read from Torna, converted and written at a time. */
const DOC_BATCH = 500;

export async function importDocs(run: ImportRun): Promise<void> {
  const props = groupBy(
    run.rows('prop').filter((row) => int(row, 'type') === 0),
    'ref_id',
    false,
  );
  const ignored = new Set(
    run
      .rows('push_ignore_field')
      .filter((row) => text(row, 'field_name') === 'description')
      .map((row) => text(row, 'data_id')),
  );
  const enumIds = new Map<string, string>();
  for (const [tornaId, row] of run.map.get('enum') ?? []) enumIds.set(tornaId, row.quireId);
  const docTable = run.rows('doc_info');
  const liveIds = new Set(docTable.filter(live).map((row) => id(row)));

  const planned: Planned[] = [];
  for (const row of docTable) {
    const key = id(row);
    const known = run.mapped('doc', key);
    if (!live(row)) {
      if (!known) run.leave('doc_info', Reason.softDeleted);
      continue;
    }
    if (!run.quireId('module', id(row, 'module_id'))) {
      run.leave('doc_info', reason('reason.orphan_module'));
      continue;
    }
    let parentTornaId = id(row, 'parent_id');
    if (parentTornaId && !liveIds.has(parentTornaId)) {
      run.note(note('note.folder_missing', key, text(row, 'name'), parentTornaId));
      parentTornaId = '';
    }
    planned.push({ row, parentTornaId });
  }

  /** The doc's model and the fingerprint of what was read, or undefined when it cannot be read (reported). */
  const convert = (
    { row, parentTornaId }: Planned,
    params: TornaRow[],
  ): { doc: ApiDoc; print: string } | undefined => {
    const key = id(row);
    let doc: ApiDoc;
    try {
      doc = tornaDocToModel(
        row,
        {
          params,
          props: flag(row, 'is_folder') === 1 ? (props.get(key) ?? []) : (props.get(parentTornaId) ?? []),
          enumIds,
        },
        (message) => run.note(message),
      );
    } catch (error) {
      if (!(error instanceof TornaRowError)) throw error;
      run.leave('doc_info', reason('reason.doc_unreadable'));
      run.note(error.note);
      return undefined;
    }
    const print = fingerprint({
      doc,
      parentTornaId,
      order: int(row, 'order_index'),
      locked: flag(row, 'is_locked'),
      folder: flag(row, 'is_folder'),
    });
    return { doc, print };
  };
  run.report('doc_param').added += 0;

  const mappedIds = [...(run.map.get('doc')?.values() ?? [])].map((m) => m.quireId);
  const states = await docStates(run.db, mappedIds);

  // New docs are written in batches (a first import of 50,000 docs: bench/torna-import.bench.ts); parents come
  // first in `parentsFirst`, so a batch never holds a doc before its folder's batch.
  type DocInsert = Parameters<typeof insertRows<'docs'>>[2][number];
  type RevisionInsert = Parameters<typeof insertRows<'docRevisions'>>[2][number];
  let newDocs: DocInsert[] = [];
  let newRevisions: RevisionInsert[] = [];
  const flushNewDocs = async () => {
    await insertRows(run.db, 'docs', newDocs);
    await insertRows(run.db, 'docRevisions', newRevisions);
    await run.flushNew();
    newDocs = [];
    newRevisions = [];
  };

  for (const batch of chunksOf(parentsFirst(planned), DOC_BATCH)) {
    const read = await run.snapshot.readDocs(batch.map((p) => id(p.row)));
    // Only the docs this batch updates need their content in Quire (a first import updates none).
    const updating = batch.map((p) => run.mapped('doc', id(p.row))?.quireId).filter(Boolean) as string[];
    const contents = updating.length > 0 ? await docContents(run.db, updating) : new Map<string, string>();
    for (const light of batch) {
      const full = read.rows.get(id(light.row));
      if (!full) {
        // Not possible within one consistent snapshot; said rather than silently lost.
        run.leave('doc_info', reason('reason.doc_unreadable'));
        run.note(note('note.doc_row_missing', id(light.row), text(light.row, 'name')));
        continue;
      }
      const p: Planned = { row: full, parentTornaId: light.parentTornaId };
      const params = (read.params.get(id(full)) ?? []).filter(live);
      const converted = convert(p, params);
      if (!converted) continue;
      const key = id(p.row);
      const moduleId = run.quireId('module', id(p.row, 'module_id')) as string;
      const parentId = p.parentTornaId ? (run.quireId('doc', p.parentTornaId) ?? '') : '';
      const known = run.mapped('doc', key);
      const author = text(p.row, 'creator_name');
      if (known) {
        const state = states.get(known.quireId);
        if (known.fingerprint === converted.print) {
          run.report('doc_info').unchanged++;
          continue;
        }
        if (!state || state.deletedAt) {
          run.leave('doc_info', Reason.goneInQuire);
          continue;
        }
        if (String(state.revision) !== known.stamp) {
          run.leave('doc_info', Reason.editedInQuire);
          continue;
        }
        const before = readDocument(contents.get(known.quireId) ?? '');
        const doc = prepareDocument(converted.doc, author);
        const revision = state.revision + 1;
        // The document goes in the revision below (migration 2026-11-29T0030), not in the row.
        const { content: _document, ...columns } = columnsOf(doc);
        await updateDocRow(run.db, known.quireId, {
          ...columns,
          parentId,
          orderIndex: int(p.row, 'order_index'),
          isLocked: flag(p.row, 'is_locked'),
          revision,
          updatedBy: run.userOr(id(p.row, 'modifier_id')),
          updatedAt: time(p.row, 'gmt_modified', run.now),
        });
        await insertRows(run.db, 'docRevisions', [
          {
            docId: known.quireId,
            revision,
            snapshot: JSON.stringify(doc),
            remark: text(p.row, 'remark').slice(0, 500),
            source: 'import',
            changes: JSON.stringify(changesBetween(before, doc)),
            restoredFrom: null,
            createdBy: run.userOr(id(p.row, 'modifier_id')),
            createdAt: run.now,
          },
        ]);
        await run.remember('doc', key, known.quireId, converted.print, String(revision));
        run.report('doc_info').updated++;
        continue;
      }
      const quireId = newId();
      const doc = prepareDocument(converted.doc, author);
      const createdAt = time(p.row, 'gmt_create', run.now);
      const updatedAt = time(p.row, 'gmt_modified', createdAt);
      const { content: _document, ...columns } = columnsOf(doc);
      newDocs.push({
        id: quireId,
        moduleId,
        parentId,
        isFolder: flag(p.row, 'is_folder'),
        orderIndex: int(p.row, 'order_index'),
        isLocked: flag(p.row, 'is_locked'),
        revision: 1,
        ...columns,
        createdBy: run.userOr(id(p.row, 'creator_id')),
        updatedBy: run.userOr(id(p.row, 'modifier_id') || id(p.row, 'creator_id')),
        createdAt,
        updatedAt,
        deletedAt: null,
        deletedBy: null,
        // Docs Torna's open API created are the ones a replacing push may remove, as in Torna.
        syncOrigin: int(p.row, 'create_mode') === 1 ? 'push' : null,
      });
      newRevisions.push({
        docId: quireId,
        revision: 1,
        snapshot: JSON.stringify(doc),
        remark: text(p.row, 'remark').slice(0, 500),
        // A description Torna protects from pushes (push_ignore_field) was edited by hand: a revision from the
        // web is what makes Quire's pushes keep it too.
        source: ignored.has(text(p.row, 'data_id')) ? 'web' : 'import',
        changes: '[]',
        restoredFrom: null,
        createdBy: run.userOr(id(p.row, 'modifier_id') || id(p.row, 'creator_id')),
        createdAt: updatedAt,
      });
      run.rememberNew('doc', key, quireId, converted.print, '1');
      run.report('doc_info').added++;
      if (ignored.has(text(p.row, 'data_id'))) run.report('push_ignore_field').added++;
      run.report('doc_param').added += params.length;
    }
    await flushNewDocs();
    await run.breathe();
  }

  // Docs deleted in Torna since the last run go to Quire's trash, unless Quire changed them since.
  for (const [tornaId, known] of run.map.get('doc') ?? []) {
    if (liveIds.has(tornaId)) continue;
    const state = states.get(known.quireId);
    if (!state || state.deletedAt || known.stamp === 'deleted') continue;
    if (String(state.revision) !== known.stamp) {
      run.leave('doc_info', reason('reason.deleted_but_edited'));
      continue;
    }
    await updateDocRow(run.db, known.quireId, { deletedAt: run.now, deletedBy: run.owner });
    await run.remember('doc', tornaId, known.quireId, known.fingerprint, 'deleted');
    run.report('doc_info').deleted++;
  }
  run.leave('doc_param', Reason.softDeleted, run.snapshot.softDeleted.get('doc_param') ?? 0);
  run.report('prop');
  const userProps = run.rows('prop').filter((row) => int(row, 'type') !== 0).length;
  run.leave('prop', reason('reason.user_props'), userProps);
}
