import { compareOperations, type DocChange } from '@quire/api-model';
import type {
  Comparison,
  DocRestoreRequest,
  DocRevision,
  DocRevisionDetail,
  DocRevisionDiff,
  DocSaveResult,
  RevisionSource,
} from '@quire/shared';
import { REVISION_SOURCES } from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { presentDiff } from '../releases/releases.service.ts';
import { loadDocRef, loadDocRow } from './doc-access.ts';
import { changesBetween, prepareDocument, readDocument } from './doc-document.ts';
import {
  findRevision,
  listRevisions,
  type RevisionEntry,
  type RevisionRow,
} from './doc-revisions.repository.ts';
import { staleError, writeDocUpdate } from './docs.service.ts';

/** How many revisions the changelog lists (newest first); older ones stay readable one by one. */
export const REVISION_LIST_MAX = 200;

function sourceOf(value: string): RevisionSource {
  return (REVISION_SOURCES as ReadonlyArray<string>).includes(value) ? (value as RevisionSource) : 'web';
}

function changesOf(text: string): DocChange[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as DocChange[]) : [];
  } catch {
    return [];
  }
}

function presentRevision(row: RevisionEntry): DocRevision {
  return {
    docId: row.docId,
    revision: row.revision,
    remark: row.remark,
    source: sourceOf(row.source),
    restoredFrom: row.restoredFrom,
    creatorName: row.creatorName ?? '',
    createTime: row.createdAt,
    changes: changesOf(row.changes),
  };
}

async function loadRevision(c: Caller, docId: string, revision: number): Promise<RevisionRow> {
  const row = await findRevision(c.db, docId, revision);
  if (!row) throw new AppError('doc.revision_not_found', { args: [revision] });
  return row;
}

/** The changelog of a doc: its newest revisions with what each changed. */
export async function listDocRevisions(c: Caller, docId: string): Promise<DocRevision[]> {
  const ref = await loadDocRef(c, docId, 'read');
  return (await listRevisions(c.db, ref.id, REVISION_LIST_MAX)).map(presentRevision);
}

/** One revision with the whole document as it was. */
export async function getDocRevision(c: Caller, docId: string, revision: number): Promise<DocRevisionDetail> {
  const ref = await loadDocRef(c, docId, 'read');
  const row = await loadRevision(c, ref.id, revision);
  return { ...presentRevision(row), doc: readDocument(row.snapshot) };
}

/** The differences between any two revisions of a doc, from `from` to `to`. */
export async function diffDocRevisions(
  c: Caller,
  docId: string,
  from: number,
  to: number,
): Promise<DocRevisionDiff> {
  const ref = await loadDocRef(c, docId, 'read');
  const [before, after] = await Promise.all([loadRevision(c, ref.id, from), loadRevision(c, ref.id, to)]);
  return {
    docId: ref.id,
    from,
    to,
    changes: changesBetween(readDocument(before.snapshot), readDocument(after.snapshot)),
  };
}

/**
 * The semantic diff of two revisions of a doc (docs/releases.md): the doc as one operation, each change with
 * its level and rule. Empty when nothing an API consumer sees changed.
 */
export async function compareDocRevisions(
  c: Caller,
  docId: string,
  from: number,
  to: number,
): Promise<Comparison> {
  const ref = await loadDocRef(c, docId, 'read');
  const [before, after] = await Promise.all([loadRevision(c, ref.id, from), loadRevision(c, ref.id, to)]);
  const diff = compareOperations(
    [{ id: ref.id, doc: readDocument(before.snapshot) }],
    [{ id: ref.id, doc: readDocument(after.snapshot) }],
  );
  return presentDiff(diff, new Map([[ref.id, ref.moduleId]]), new Map());
}

/**
 * Saves an old revision's document as a new revision (source `restore`). The doc's place, lock and the
 * uniqueness of method and URL are checked as for any save.
 */
export async function restoreDocRevision(
  c: Caller,
  input: z.output<typeof DocRestoreRequest>,
): Promise<DocSaveResult> {
  const row = await loadDocRow(c, input.docId, 'write');
  if (input.baseRevision !== undefined && input.baseRevision !== row.revision) {
    throw await staleError(c, row.id, input.baseRevision);
  }
  const old = await loadRevision(c, row.id, input.revision);
  const doc = prepareDocument(readDocument(old.snapshot), row.author);
  return writeDocUpdate(c, row, doc, {
    baseRevision: row.revision,
    remark: '',
    source: 'restore',
    restoredFrom: input.revision,
  });
}
