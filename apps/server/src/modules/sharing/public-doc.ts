import type { ParamRow } from '@quire/api-model';
import type { Environment, PublicDoc } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { readDocument } from '../docs/doc-document.ts';
import { presentDocDetail } from '../docs/docs.presenter.ts';
import { findDocRow, linkedEnumIds } from '../docs/docs.service.ts';
import { enumsWithItems } from '../enums/enums.service.ts';
import { globalsForDoc } from '../environments/environment-globals.service.ts';

/** What a share or composed project puts around a doc. */
export interface PublicDocFrame {
  environments: Environment[];
  /** A composed project's own global params and returns, instead of the application's. */
  globals?: { globalParams: ParamRow[]; globalReturns: ParamRow[] };
}

/**
 * A live doc as a visitor reads it: the reader's detail (current revision, linked dictionaries, globals of
 * the first environment shown) without anybody's name (author, creator, modifier): visitors learn nothing
 * about the team.
 */
export async function publicDocOf(db: Db, docId: string, frame: PublicDocFrame): Promise<PublicDoc> {
  const row = await findDocRow(db, docId);
  if (!row || row.isFolder === 1) throw new AppError('share.doc_not_found');
  const doc = readDocument(row.content);
  const c = { db };
  const [{ environmentId: _first, ...globals }, enums] = await Promise.all([
    globalsForDoc(c, row.moduleId, frame.environments.find((e) => e.moduleId === row.moduleId)?.id),
    enumsWithItems(c, row.moduleId, linkedEnumIds(doc)),
  ]);
  const detail = presentDocDetail({ ...row, creatorName: '', modifierName: '' }, doc, {
    globals: frame.globals ? { globalHeaders: [], ...frame.globals } : globals,
    enums,
    remark: '',
  });
  // The author defaults to whoever wrote the doc: a member's name, which visitors are not told.
  return { ...detail, author: '', creatorName: '', modifierName: '', environments: frame.environments };
}
