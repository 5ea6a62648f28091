import type { PublicDoc } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { readDocument } from '../docs/doc-document.ts';
import { presentDocDetail } from '../docs/docs.presenter.ts';
import { findDocRow, frozenDocDetail, linkedEnumIds } from '../docs/docs.service.ts';
import { enumsWithItems } from '../enums/enums.service.ts';
import { frameGlobals, type PublicFrame } from './public-frame.ts';

/**
 * A live doc as a visitor reads it: the reader's detail (current revision, linked dictionaries, and the
 * globals its frame allows: `public-frame.ts`) without anybody's name (author, creator, modifier): visitors
 * learn nothing about the team.
 */
export async function publicDocOf(db: Db, docId: string, frame: PublicFrame): Promise<PublicDoc> {
  const row = await findDocRow(db, docId);
  if (!row || row.isFolder === 1) throw new AppError('share.doc_not_found');
  const doc = readDocument(row.content);
  const c = { db };
  const [globals, enums] = await Promise.all([
    frameGlobals(db, frame, row.moduleId),
    enumsWithItems(c, row.moduleId, linkedEnumIds(doc)),
  ]);
  const detail = presentDocDetail({ ...row, creatorName: '', modifierName: '' }, doc, {
    globals,
    enums,
    remark: '',
  });
  // The author defaults to whoever wrote the doc: a member's name, which visitors are not told.
  return { ...detail, author: '', creatorName: '', modifierName: '', environments: frame.environments };
}

/**
 * A doc of a share of a release, as the release froze it (deleted since or not): the same frame and the
 * same silence about people as `publicDocOf`.
 */
export async function publicFrozenDocOf(
  db: Db,
  docId: string,
  frozen: { revision: number; content: string },
  frame: PublicFrame,
): Promise<PublicDoc> {
  const detail = await frozenDocDetail(db, docId, frozen, (moduleId) => frameGlobals(db, frame, moduleId));
  if (!detail) throw new AppError('share.doc_not_found');
  return {
    ...detail,
    remark: '',
    author: '',
    creatorName: '',
    modifierName: '',
    environments: frame.environments,
  };
}
