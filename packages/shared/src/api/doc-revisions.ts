import type { ApiDoc, DocChange } from '@quire/api-model';
import { z } from 'zod';
import { defineCall } from './contract.ts';
import { DocIdParam, DocSaveResult, RevisionNo } from './docs.ts';
import { EntityId } from './spaces.ts';

/** Where a revision came from. */
export const REVISION_SOURCES = ['web', 'push', 'import', 'restore'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

/** The differences of the model (`diffDocs`), typed for clients. */
export const DocChanges = z.array(z.custom<DocChange>());

/**
 * `data` of a 409 `doc.stale` answer: who saved last, when, the doc's current revision, and what changed
 * between the revision the edit started from and the current one.
 */
export const DocStaleData = z.object({
  updatedBy: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
  changes: DocChanges,
});
export type DocStaleData = z.infer<typeof DocStaleData>;

/** One entry of the changelog: a revision and what it changed from the one before. */
export const DocRevision = z.object({
  docId: z.string(),
  revision: z.number().int(),
  remark: z.string(),
  source: z.enum(REVISION_SOURCES),
  /** The revision a restore brought back; null for other saves. */
  restoredFrom: z.number().int().nullable(),
  creatorName: z.string(),
  createTime: z.string(),
  changes: DocChanges,
});
export type DocRevision = z.infer<typeof DocRevision>;

/** `GET /api/doc/revision/get`: a revision with the whole document as it was. */
export const DocRevisionDetail = DocRevision.extend({ doc: z.custom<ApiDoc>() });
export type DocRevisionDetail = z.infer<typeof DocRevisionDetail>;

/** `?docId&revision`. */
export const DocRevisionQuery = z.object({ docId: EntityId, revision: RevisionNo });

/** `?docId&from&to`: any two revisions, in either order. */
export const DocRevisionDiffQuery = z.object({ docId: EntityId, from: RevisionNo, to: RevisionNo });

/** `GET /api/doc/revision/diff`. */
export const DocRevisionDiff = z.object({
  docId: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  changes: DocChanges,
});
export type DocRevisionDiff = z.infer<typeof DocRevisionDiff>;

/**
 * `POST /api/doc/revision/restore`: saves revision `revision` as a new revision. With `baseRevision`, refuses
 * (409 `doc.stale`) when the doc changed since the caller looked at it.
 */
export const DocRestoreRequest = z.object({
  docId: EntityId,
  revision: RevisionNo,
  baseRevision: RevisionNo.optional(),
});
export type DocRestoreRequest = z.input<typeof DocRestoreRequest>;

export const docRevisionList = defineCall({
  method: 'GET',
  path: '/api/doc/revision/list',
  query: DocIdParam,
  response: z.array(DocRevision),
  access: 'user',
});

export const docRevisionGet = defineCall({
  method: 'GET',
  path: '/api/doc/revision/get',
  query: DocRevisionQuery,
  response: DocRevisionDetail,
  access: 'user',
});

export const docRevisionDiff = defineCall({
  method: 'GET',
  path: '/api/doc/revision/diff',
  query: DocRevisionDiffQuery,
  response: DocRevisionDiff,
  access: 'user',
});

export const docRevisionRestore = defineCall({
  method: 'POST',
  path: '/api/doc/revision/restore',
  body: DocRestoreRequest,
  response: DocSaveResult,
  access: 'user',
});
