import type { ApiDoc } from '@quire/api-model';
import { chunksOf } from '../../db/chunks.ts';
import { changesBetween, prepareDocument, readDocument } from '../docs/doc-document.ts';
import { docContents, docHeads, moveFirstRevision, revisionCount } from './torna-content.repository.ts';
import { TornaRowError, tornaDocToModel } from './torna-docs.ts';
import { insertRows } from './torna-import.repository.ts';
import { groupBy, id, int, text, time } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import { decodeTornaHashid } from './torna-links.service.ts';
import type { SnapshotContents } from './torna-snapshot-source.ts';
import type { TornaRow } from './torna-source.repository.ts';
import type { TornaNote } from '@quire/shared';
import { note, reason } from './torna-messages.ts';

/*
 * Torna's history (`doc_snapshot`) as earlier revisions of Quire's docs, so History and the changelog start
 * with Torna's past. Torna stores a snapshot as the JSON of its doc detail (DocInfoDTO: the doc's fields, its
 * param lists as trees, ids as hashids) on each save, keeps the newest 5 per doc and skips a snapshot whose md5
 * any snapshot already has. The newest snapshot is normally the doc as it is now; it is not brought twice.
 *
 * The doc step writes the current doc as revision 1; this step puts the snapshots before it (1..k, oldest
 * first, with who and when) and moves the current one to k+1, with the changes between each pair computed as
 * Quire computes them for any save. `doc_diff_record`/`doc_diff_detail` are Torna's own diffs of those same
 * snapshots: Quire recomputes them, so they are read and counted, not copied.
 */

/** Torna's `doc_param.style` of each list of the doc detail. */
const LIST_STYLES: Array<[string, number]> = [
  ['pathParams', 0],
  ['headerParams', 1],
  ['requestParams', 2],
  ['responseParams', 3],
  ['errorCodeParams', 4],
  ['queryParams', 5],
];

type Json = Record<string, unknown>;

const asText = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

/** A Torna id as a snapshot writes it (a hashid; a plain number in older ones), '' for none. */
function tornaIdIn(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const plain = /^\d+$/.test(raw) ? raw : (decodeTornaHashid(raw) ?? '');
  return plain === '0' ? '' : plain;
}

/**
 * The param lists of a snapshot as `doc_param`-like rows, for the doc step's converter. Torna's doc detail holds
 * each list flat, rows naming their parent by id (`parentId`); `children` trees are read too.
 */
function paramRows(detail: Json): TornaRow[] {
  const rows: TornaRow[] = [];
  let next = 0;
  const walk = (list: unknown, style: number, parent: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, index) => {
      if (!item || typeof item !== 'object') return;
      const p = item as Json;
      if (Number(p.isDeleted ?? 0) === 1) return;
      const rowId = tornaIdIn(p.id) || `s${++next}`;
      rows.push({
        id: rowId,
        parent_id: parent || tornaIdIn(p.parentId),
        style,
        order_index: Number(p.orderIndex ?? index) || index,
        name: asText(p.name),
        type: asText(p.type),
        required: p.required === true ? 1 : asText(p.required),
        max_length: asText(p.maxLength),
        example: asText(p.example),
        description: asText(p.description),
        enum_id: tornaIdIn(p.enumId),
        is_deleted: 0,
      });
      walk(p.children, style, rowId);
    });
  };
  for (const [list, style] of LIST_STYLES) walk(detail[list], style, '');
  return rows;
}

/**
 * A Torna snapshot's JSON as a document of Quire's model, through the same converter as `doc_info` rows (so a
 * snapshot and the current doc compare field for field). Throws on JSON that is not a doc detail.
 */
export function snapshotToModel(
  content: string,
  tornaDocId: string,
  enumIds: Map<string, string>,
  warn: (message: TornaNote) => void,
): ApiDoc {
  const detail = JSON.parse(content) as unknown;
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) throw new NotADocDetail();
  const d = detail as Json;
  const row: TornaRow = {
    id: tornaDocId,
    name: asText(d.name),
    description: asText(d.description),
    author: asText(d.author),
    type: asText(d.type),
    url: asText(d.url),
    http_method: asText(d.httpMethod),
    content_type: asText(d.contentType),
    deprecated: asText(d.deprecated),
    is_folder: asText(d.isFolder),
    is_show: asText(d.isShow),
    is_use_global_headers: asText(d.isUseGlobalHeaders),
    is_use_global_params: asText(d.isUseGlobalParams),
    is_use_global_returns: asText(d.isUseGlobalReturns),
    is_request_array: asText(d.isRequestArray),
    is_response_array: asText(d.isResponseArray),
    request_array_type: asText(d.requestArrayType),
    response_array_type: asText(d.responseArrayType),
  };
  const dubbo = d.dubboInfo && typeof d.dubboInfo === 'object' ? (d.dubboInfo as Json) : {};
  const props = ['interfaceName', 'version', 'protocol', 'author', 'dependency']
    .filter((name) => dubbo[name])
    .map((name) => ({ name, val: asText(dubbo[name]) }));
  return tornaDocToModel(row, { params: paramRows(d), props, enumIds }, warn);
}

/** A snapshot whose JSON is not a doc detail (an object). */
class NotADocDetail extends Error {}

const same = (a: ApiDoc, b: ApiDoc) => changesBetween(a, b).length === 0;

export async function importHistory(run: ImportRun, contents: SnapshotContents): Promise<void> {
  const snapshots = groupBy(run.rows('doc_snapshot'), 'doc_id', false);
  const enumIds = new Map<string, string>();
  for (const [tornaId, row] of run.map.get('enum') ?? []) enumIds.set(tornaId, row.quireId);
  // Torna stores the modifier's nickname on a snapshot: an account with that nickname wrote it.
  const byNickname = new Map<string, string>();
  for (const user of run.rows('user_info')) {
    const quireId = run.quireId('user', id(user));
    if (quireId && !byNickname.has(text(user, 'nickname'))) byNickname.set(text(user, 'nickname'), quireId);
  }
  const docIds = [...snapshots.keys()].map((key) => run.quireId('doc', key)).filter(Boolean) as string[];
  const heads = await docHeads(run.db, docIds);

  const pending: Array<{ tornaDocId: string; docId: string; fresh: TornaRow[] }> = [];
  for (const [tornaDocId, list] of snapshots) {
    const docId = run.quireId('doc', tornaDocId);
    const head = docId ? heads.get(docId) : undefined;
    if (!docId || !head || head.deletedAt) {
      run.leave('doc_snapshot', reason('reason.snapshot_no_doc'), list.length);
      continue;
    }
    const fresh = list.filter((row) => !run.mapped('snapshot', id(row)));
    run.report('doc_snapshot').unchanged += list.length - fresh.length;
    if (fresh.length === 0) continue;
    // History goes before the doc's first revision only: once Quire or a later run added revisions, Torna's
    // later snapshots are already there as those revisions.
    if (head.revision !== 1 || (await revisionCount(run.db, docId)) !== 1) {
      run.leave('doc_snapshot', reason('reason.snapshot_history_once'), fresh.length);
      continue;
    }
    pending.push({ tornaDocId, docId, fresh });
  }
  // Contents (Torna's snapshots and Quire's current docs) by batches of docs: a large history is never in
  // memory at once.
  for (const batch of chunksOf(pending, 100)) {
    const texts = await contents(batch.flatMap((p) => p.fresh.map((row) => id(row))));
    const current = await docContents(
      run.db,
      batch.map((p) => p.docId),
    );
    for (const p of batch)
      await bringDocHistory(run, { ...p, content: current.get(p.docId) ?? '' }, texts, enumIds, byNickname);
    await run.breathe();
  }
  for (const table of ['doc_diff_record', 'doc_diff_detail'])
    run.leave(table, reason('reason.diffs'), run.snapshot.counts.get(table) ?? run.rows(table).length);
}

async function bringDocHistory(
  run: ImportRun,
  p: { tornaDocId: string; docId: string; content: string; fresh: TornaRow[] },
  texts: Map<string, string>,
  enumIds: Map<string, string>,
  byNickname: Map<string, string>,
): Promise<void> {
  const { tornaDocId, docId } = p;
  const ordered = [...p.fresh].sort(
    (a, b) =>
      time(a, 'modifier_time', '').localeCompare(time(b, 'modifier_time', '')) || int(a, 'id') - int(b, 'id'),
  );
  const current = readDocument(p.content);
  const earlier: Array<{ row: TornaRow; doc: ApiDoc }> = [];
  for (const row of ordered) {
    let doc: ApiDoc;
    const content = texts.get(id(row));
    try {
      if (content === undefined) throw new NotADocDetail();
      doc = snapshotToModel(content, tornaDocId, enumIds, (message) => run.note(message));
    } catch (error) {
      run.leave('doc_snapshot', reason('reason.snapshot_unreadable'));
      // JSON.parse's own wording stays as it gives it: a parser's detail, like an error code.
      run.note(
        content === undefined
          ? note('note.snapshot_deleted', id(row))
          : error instanceof NotADocDetail
            ? note('note.snapshot_not_doc', id(row))
            : error instanceof TornaRowError
              ? error.note
              : note('note.snapshot_unreadable', id(row), (error as Error).message),
      );
      continue;
    }
    const last = earlier[earlier.length - 1];
    if (last && same(last.doc, doc)) {
      run.leave('doc_snapshot', reason('reason.snapshot_same'));
      await run.remember('snapshot', id(row), docId, text(row, 'md5'));
      continue;
    }
    earlier.push({ row, doc: prepareDocument(doc, text(row, 'modifier_name')) });
  }
  // The newest snapshot is the doc as it is now (Torna writes one on every save): that is the current revision.
  const newest = earlier[earlier.length - 1];
  if (newest && same(newest.doc, current)) {
    earlier.pop();
    run.leave('doc_snapshot', reason('reason.snapshot_current'));
    await run.remember('snapshot', id(newest.row), docId, text(newest.row, 'md5'));
  }
  if (earlier.length === 0) return;
  // The current revision moves up first, freeing 1..k for the earlier ones.
  const top = earlier.length + 1;
  const previous = earlier[earlier.length - 1]?.doc ?? null;
  await moveFirstRevision(run.db, docId, top, JSON.stringify(changesBetween(previous, current)));
  await insertRows(
    run.db,
    'docRevisions',
    earlier.map(({ row, doc }, index) => ({
      docId,
      revision: index + 1,
      snapshot: JSON.stringify(doc),
      remark: '',
      source: 'import',
      changes: JSON.stringify(index === 0 ? [] : changesBetween(earlier[index - 1]?.doc ?? null, doc)),
      restoredFrom: null,
      createdBy: byNickname.get(text(row, 'modifier_name')) ?? run.owner,
      createdAt: time(row, 'modifier_time', time(row, 'gmt_create', run.now)),
    })),
  );
  const known = run.mapped('doc', tornaDocId);
  // The doc step compares the doc's revision with this stamp to tell whether Quire changed it since.
  if (known) await run.remember('doc', tornaDocId, docId, known.fingerprint, String(top));
  for (const { row } of earlier) await run.remember('snapshot', id(row), docId, text(row, 'md5'));
  run.report('doc_snapshot').added += earlier.length;
}
