import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { DocDetail } from './docs.ts';
import { Environment } from './environments.ts';
import { EntityId, Flag, IdRequest, StrictPageRequest } from './spaces.ts';
import { ViewTree } from './view.ts';

/** Share and composed-project types: 1 public, 2 encrypted (a password is asked first). */
export const PublicType = { public: 1, encrypted: 2 } as const;
const TypeCode = z.coerce
  .number({ error: V.invalid })
  .pipe(z.union([z.literal(1), z.literal(2)], { error: V.invalid }));

/** Limits of shares and composed projects. */
export const ShareLimits = {
  remarkMax: 255,
  contentMax: 2000,
  passwordMax: 64,
} as const;

/**
 * A calendar date `yyyy-MM-dd` (the last day the share opens, UTC), or empty/null for "never expires". A longer
 * date-time keeps its date; a number is read as epoch milliseconds.
 */
const ExpiryDate = z
  .union([z.string().trim(), z.number().int().min(0).max(8.64e15), z.null()], { error: V.invalid })
  .optional()
  .transform((value) =>
    typeof value === 'number'
      ? new Date(value).toISOString().slice(0, 10)
      : value
        ? value.slice(0, 10)
        : null,
  )
  .refine(
    (value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))),
    { error: V.invalid },
  );

/** One chosen doc or folder; a folder with `isShareFolder` shares what it will hold later too. */
export const ShareContentItem = z.object({
  docId: EntityId,
  parentId: z.string().max(64).optional(),
  isShareFolder: Flag.default(false),
});

/** `POST /api/doc/share/add` (Torna's fields). The password of an encrypted share is generated. */
export const ShareAddRequest = z.object({
  moduleId: EntityId,
  type: TypeCode,
  isAll: Flag.default(false),
  content: z.array(ShareContentItem).max(ShareLimits.contentMax).default([]),
  remark: z
    .string()
    .trim()
    .max(ShareLimits.remarkMax, { error: `${V.max}|${ShareLimits.remarkMax}` })
    .default(''),
  expirationTime: ExpiryDate,
  isShowDebug: Flag.default(false),
  /** 1: every environment of the application is shown; 0: only `moduleEnvironmentIdList`. */
  isAllSelectedDebug: Flag.default(false),
  moduleEnvironmentIdList: z.array(EntityId).max(200).default([]),
  /**
   * A share of a release (Quire's): its visitors read the docs as the release froze them. Empty or null: the
   * docs as they are now; absent on an update: unchanged.
   */
  releaseId: z.union([EntityId, z.literal(''), z.null()], { error: V.invalid }).optional(),
});
export type ShareAddRequest = z.input<typeof ShareAddRequest>;

/** `POST /api/doc/share/update`: the same fields with the share's id (the application cannot change). */
export const ShareUpdateRequest = ShareAddRequest.omit({ moduleId: true }).extend({ id: EntityId });
export type ShareUpdateRequest = z.input<typeof ShareUpdateRequest>;

/** `POST /api/doc/share/page`. */
export const SharePageRequest = StrictPageRequest.extend({ moduleId: EntityId });
export type SharePageRequest = z.input<typeof SharePageRequest>;

/**
 * A share as its application's devs and admins see it. `password` is the current password of an encrypted
 * share (shown to them so they can pass it on), '' for a public one. Never part of any public answer.
 */
export const ShareConfig = z.object({
  id: z.string(),
  moduleId: z.string(),
  type: z.number().int(),
  password: z.string(),
  status: z.number().int(),
  expirationTime: z.string().nullable(),
  isAll: z.boolean(),
  remark: z.string(),
  isShowDebug: z.boolean(),
  isAllSelectedDebug: z.boolean(),
  creatorName: z.string(),
  gmtCreate: z.string(),
  /** Whether today is past the expiry date. */
  expired: z.boolean(),
  /** The page visitors open: `/share/{id}`. */
  url: z.string(),
  /** The release the share shows (its frozen docs), or null for the docs as they are now. */
  releaseId: z.string().nullable(),
});
export type ShareConfig = z.infer<typeof ShareConfig>;

export const SharePage = z.object({
  list: z.array(ShareConfig),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});
export type SharePage = z.infer<typeof SharePage>;

/** `GET /api/doc/share/listContent` / `listShareDocIds`. */
export const ShareContentRow = z.object({ docId: z.string(), isShareFolder: z.boolean() });
export type ShareContentRow = z.infer<typeof ShareContentRow>;

/** `GET /api/doc/share/listEnvironment`. */
export const ShareEnvironmentRow = z.object({
  id: z.string(),
  shareConfigId: z.string(),
  moduleEnvironmentId: z.string(),
});
export type ShareEnvironmentRow = z.infer<typeof ShareEnvironmentRow>;

/** `?id=` of the public share calls. */
export const ShareIdQuery = z.object({ id: EntityId });

/**
 * A password typed on a share or composed-project page: trimmed, and 'Can not empty' when nothing is left.
 * The browser sends it as typed (over TLS); the server checks it against a slow hash.
 */
export const TypedPassword = z
  .string({ error: V.canNotEmpty })
  .trim()
  .min(1, { error: V.canNotEmpty })
  .max(ShareLimits.passwordMax, { error: `${V.max}|${ShareLimits.passwordMax}` });

/** `POST /api/share/checkPassword`, `POST /api/compose/project/checkPassword`. */
export const CheckPasswordRequest = z.object({ id: EntityId, password: TypedPassword });
export type CheckPasswordRequest = z.input<typeof CheckPasswordRequest>;

/**
 * The answer of a correct password: a visitor token for this share or composed project only, sent back as
 * the `X-Share-Token` header, valid until `expiresAt`.
 */
export const VisitorSession = z.object({ token: z.string(), expiresAt: z.string() });
export type VisitorSession = z.infer<typeof VisitorSession>;

/** The header that carries a visitor token. */
export const VISITOR_TOKEN_HEADER = 'x-share-token';

/** `GET /api/share/get?id`: what a visitor of an open (or verified) share sees. No password, no people. */
export const PublicShare = z.object({
  id: z.string(),
  type: z.number().int(),
  moduleName: z.string(),
  remark: z.string(),
  expirationTime: z.string().nullable(),
  isShowDebug: z.boolean(),
  /** The environments the share shows (public ones unless the share names others). */
  environments: z.array(Environment),
  /** The number of the release a share of a release shows; null: the docs as they are now. */
  releaseNo: z.string().nullable(),
});
export type PublicShare = z.infer<typeof PublicShare>;

/** `GET /api/share/menu?id`: the shared docs as reader tree nodes (folders and docs of one application). */
export const ShareMenu = ViewTree;

/** `GET /api/doc/share/view?docId&shareConfigId`. */
export const ShareDocQuery = z.object({ docId: EntityId, shareConfigId: EntityId });

/**
 * A doc as visitors read it: the reader's detail with nobody's name in it, and the environments this
 * share or composed project shows for it.
 */
export const PublicDoc = DocDetail.extend({ environments: z.array(Environment) });
export type PublicDoc = z.infer<typeof PublicDoc>;

/** `POST /api/doc/share/regeneratePassword {id}`: a new password; the old one and its sessions stop at once. */
export const ShareRegenerateAnswer = z.object({ password: z.string() });

export const docSharePage = defineCall({
  method: 'POST',
  path: '/api/doc/share/page',
  body: SharePageRequest,
  response: SharePage,
  access: 'user',
});

export const docShareAdd = defineCall({
  method: 'POST',
  path: '/api/doc/share/add',
  body: ShareAddRequest,
  response: ShareConfig,
  access: 'user',
});

export const docShareUpdate = defineCall({
  method: 'POST',
  path: '/api/doc/share/update',
  body: ShareUpdateRequest,
  response: ShareConfig,
  access: 'user',
});

export const docShareDel = defineCall({
  method: 'POST',
  path: '/api/doc/share/del',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const docShareRegeneratePassword = defineCall({
  method: 'POST',
  path: '/api/doc/share/regeneratePassword',
  body: IdRequest,
  response: ShareRegenerateAnswer,
  access: 'user',
});

export const docShareListContent = defineCall({
  method: 'GET',
  path: '/api/doc/share/listContent',
  query: ShareIdQuery,
  response: z.array(ShareContentRow),
  access: 'user',
});

export const docShareListShareDocIds = defineCall({
  method: 'GET',
  path: '/api/doc/share/listShareDocIds',
  query: ShareIdQuery,
  response: z.array(ShareContentRow),
  access: 'user',
});

export const docShareListEnvironment = defineCall({
  method: 'GET',
  path: '/api/doc/share/listEnvironment',
  query: ShareIdQuery,
  response: z.array(ShareEnvironmentRow),
  access: 'user',
});

export const shareGet = defineCall({
  method: 'GET',
  path: '/api/share/get',
  query: ShareIdQuery,
  response: PublicShare,
  access: 'public',
});

export const shareMenu = defineCall({
  method: 'GET',
  path: '/api/share/menu',
  query: ShareIdQuery,
  response: ShareMenu,
  access: 'public',
});

export const shareCheckPassword = defineCall({
  method: 'POST',
  path: '/api/share/checkPassword',
  body: CheckPasswordRequest,
  response: VisitorSession,
  access: 'public',
});

export const docShareView = defineCall({
  method: 'GET',
  path: '/api/doc/share/view',
  query: ShareDocQuery,
  response: PublicDoc,
  access: 'public',
});

export const docShareEnable = defineCall({
  method: 'POST',
  path: '/api/doc/share/enable',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const docShareDisable = defineCall({
  method: 'POST',
  path: '/api/doc/share/disable',
  body: IdRequest,
  response: Empty,
  access: 'user',
});
