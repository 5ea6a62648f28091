import {
  ApiDocFields,
  ARRAY_ELEMENT_TYPES,
  checkDocRules,
  DocLimits,
  type DubboInfo,
  DubboInfoSchema,
  type ErrorCodeRow,
  optionalId,
  type ParamRow,
  requiredLine,
} from '@quire/api-model';
import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { DocApplied, DocAppliedQuery } from './doc-constants.ts';
import { Module, ModuleIdQuery } from './modules.ts';
import { EntityId, IdRequest } from './spaces.ts';

/**
 * Docs and folders of an application, under Torna's paths and field names (`name`, `type`, `pathParams`,
 * ... `errorCodeParams`, `deprecated` = `$false$`). Param tables travel as trees (`children`); the save also
 * reads Torna's flat form (`parentId`) and `isDeleted` rows.
 */

/** An order index as sent by clients. */
export const OrderIndex = z.coerce.number({ error: V.invalid }).int().min(0).max(1_000_000_000);

/** A folder name: free text on one line. */
const FolderName = requiredLine(DocLimits.nameMax);

/** A revision number (1 is the first save). */
export const RevisionNo = z.coerce.number({ error: V.invalid }).int().min(1);

/**
 * `POST /api/doc/save`: creates when `id` is empty, else updates. An update sends the `revision` its edit
 * started from; when someone saved since, the answer is 409 `doc.stale` with who, when and what changed.
 */
export const DocSaveRequest = z
  .object({
    id: optionalId.default(''),
    moduleId: EntityId,
    /** The folder ("" = top). On update, omitted means "where it is"; a different folder moves the doc. */
    parentId: optionalId.optional(),
    revision: RevisionNo.optional(),
    remark: z
      .string()
      .trim()
      .max(DocLimits.remarkMax, { error: `${V.max}|${DocLimits.remarkMax}` })
      .default(''),
    orderIndex: OrderIndex.optional(),
    ...ApiDocFields,
  })
  .superRefine((doc, ctx) => {
    if (doc.id && doc.revision === undefined) {
      ctx.addIssue({ code: 'custom', message: V.revisionRequired, path: ['revision'] });
    }
    for (const issue of checkDocRules({ ...doc, v: 1 })) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });
export type DocSaveRequest = z.input<typeof DocSaveRequest>;

/** Answer of a save: the doc's id and its new revision. */
export const DocSaveResult = z.object({ id: z.string(), revision: z.number().int(), updateTime: z.string() });
export type DocSaveResult = z.infer<typeof DocSaveResult>;

/** One row of the doc tree: light columns only, never the content. `parentId` is "" at the top. */
export const DocTreeRow = z.object({
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  url: z.string(),
  httpMethod: z.string(),
  type: z.number().int(),
  isFolder: z.boolean(),
  deprecated: z.string(),
  isShow: z.boolean(),
  isLocked: z.boolean(),
  orderIndex: z.number().int(),
});
export type DocTreeRow = z.infer<typeof DocTreeRow>;

/** A dictionary item as a doc shows it next to a linked param. */
export const EnumItemBrief = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.string(),
  description: z.string(),
});

/** A dictionary with its items. */
export const EnumWithItems = z.object({
  id: z.string(),
  moduleId: z.string(),
  name: z.string(),
  description: z.string(),
  items: z.array(EnumItemBrief),
});
export type EnumWithItems = z.infer<typeof EnumWithItems>;

// Param trees come from the validated document; checking them again on the way out would double the cost of
// loading a large doc, so they are typed here, not re-parsed.
const ParamTree = z.array(z.custom<ParamRow>());
const ErrorCodes = z.array(z.custom<ErrorCodeRow>());

/** `GET /api/doc/detail?id`: the doc, its tree position and state, and what a reader needs beside it. */
export const DocDetail = z.object({
  id: z.string(),
  moduleId: z.string(),
  projectId: z.string(),
  parentId: z.string(),
  isFolder: z.boolean(),
  name: z.string(),
  type: z.number().int(),
  url: z.string(),
  httpMethod: z.string(),
  contentType: z.string(),
  /** HTML (sanitized) unless `descriptionKind` is `markdown`. */
  description: z.string(),
  descriptionKind: z.enum(['html', 'markdown']),
  author: z.string(),
  deprecated: z.string(),
  isShow: z.boolean(),
  isLocked: z.boolean(),
  orderIndex: z.number().int(),
  revision: z.number().int(),
  remark: z.string(),
  isUseGlobalHeaders: z.boolean(),
  isUseGlobalParams: z.boolean(),
  isUseGlobalReturns: z.boolean(),
  isRequestArray: z.boolean(),
  isResponseArray: z.boolean(),
  requestArrayType: z.enum(ARRAY_ELEMENT_TYPES),
  responseArrayType: z.enum(ARRAY_ELEMENT_TYPES),
  pathParams: ParamTree,
  headerParams: ParamTree,
  queryParams: ParamTree,
  requestParams: ParamTree,
  responseParams: ParamTree,
  errorCodeParams: ErrorCodes,
  dubboInfo: z.custom<DubboInfo>().nullable(),
  /** Globals of the application's first environment (Torna's rule); shown when the isUseGlobal* flags say so. */
  globalHeaders: ParamTree,
  globalParams: ParamTree,
  globalReturns: ParamTree,
  /** The dictionaries linked by the doc's params. */
  enums: z.array(EnumWithItems),
  creatorName: z.string(),
  modifierName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DocDetail = z.infer<typeof DocDetail>;

/** `?id=`. */
export const DocIdQuery = z.object({ id: EntityId });

/** `POST /api/doc/folder/add`. */
export const FolderAddRequest = z.object({
  name: FolderName,
  moduleId: EntityId,
  parentId: optionalId.default(''),
  dubboInfo: DubboInfoSchema.nullable().optional(),
});
export type FolderAddRequest = z.input<typeof FolderAddRequest>;

/** `POST /api/doc/folder/update`: rename, and move when `parentId` is sent. */
export const FolderUpdateRequest = z.object({
  id: EntityId,
  name: FolderName,
  parentId: optionalId.optional(),
  dubboInfo: DubboInfoSchema.nullable().optional(),
});
export type FolderUpdateRequest = z.input<typeof FolderUpdateRequest>;

/**
 * `POST /api/doc/move`: a doc or folder into `parentId` ("" = top level) at `orderIndex` (siblings at or
 * after it move down one step), or at the end when no `orderIndex` is sent.
 */
export const DocMoveRequest = z.object({
  id: EntityId,
  parentId: optionalId.default(''),
  orderIndex: OrderIndex.optional(),
});
export type DocMoveRequest = z.input<typeof DocMoveRequest>;

/** `POST /api/doc/copy`: a copy next to the doc (or in `parentId`), named "<name> Copy" unless `name` is sent. */
export const DocCopyRequest = z.object({
  id: EntityId,
  name: requiredLine(DocLimits.nameMax).optional(),
  parentId: optionalId.optional(),
});
export type DocCopyRequest = z.input<typeof DocCopyRequest>;

/** `GET /api/prop/getDocProps?id`: the Dubbo facts of a doc, from the doc or else its nearest folder. */
export const DocProps = z.object({
  interfaceName: z.string(),
  version: z.string(),
  protocol: z.string(),
  author: z.string(),
  dependency: z.string(),
});
export type DocProps = z.infer<typeof DocProps>;

/** `?docId=`. */
export const DocIdParam = z.object({ docId: EntityId });

export const docDetail = defineCall({
  method: 'GET',
  path: '/api/doc/detail',
  query: DocIdQuery,
  response: DocDetail,
  access: 'user',
});

export const docApplied = defineCall({
  method: 'GET',
  path: '/api/doc/applied',
  query: DocAppliedQuery,
  response: DocApplied,
  access: 'user',
});

export const docList = defineCall({
  method: 'GET',
  path: '/api/doc/list',
  query: ModuleIdQuery,
  response: z.array(DocTreeRow),
  access: 'user',
});

export const docFolderAdd = defineCall({
  method: 'POST',
  path: '/api/doc/folder/add',
  body: FolderAddRequest,
  response: DocTreeRow,
  access: 'user',
});

export const docFolderUpdate = defineCall({
  method: 'POST',
  path: '/api/doc/folder/update',
  body: FolderUpdateRequest,
  response: Empty,
  access: 'user',
});

export const docMove = defineCall({
  method: 'POST',
  path: '/api/doc/move',
  body: DocMoveRequest,
  response: Empty,
  access: 'user',
});

export const docDelete = defineCall({
  method: 'POST',
  path: '/api/doc/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const docCopy = defineCall({
  method: 'POST',
  path: '/api/doc/copy',
  body: DocCopyRequest,
  response: DocSaveResult,
  access: 'user',
});

export const moduleInfoByDocId = defineCall({
  method: 'GET',
  path: '/api/module/infoByDocId',
  query: DocIdParam,
  response: Module,
  access: 'user',
});

export const propGetDocProps = defineCall({
  method: 'GET',
  path: '/api/prop/getDocProps',
  query: DocIdQuery,
  response: DocProps,
  access: 'user',
});

export const docSave = defineCall({
  method: 'POST',
  path: '/api/doc/save',
  body: DocSaveRequest,
  response: DocSaveResult,
  access: 'user',
});

export const docLock = defineCall({
  method: 'POST',
  path: '/api/doc/lock',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const docUnlock = defineCall({
  method: 'POST',
  path: '/api/doc/unlock',
  body: IdRequest,
  response: Empty,
  access: 'user',
});
