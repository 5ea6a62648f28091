import { ParamListSchema, type ParamRow } from '@quire/api-model';
import { z } from 'zod';
import { optionalText, requiredText, V } from '../validation.ts';
import { Environment } from './environments.ts';
import { EntityId, Flag } from './spaces.ts';
import { ViewTree } from './view.ts';

/** Limits of composed projects. */
export const ComposeLimits = {
  nameMax: 64,
  descriptionMax: 255,
  folderNameMax: 64,
  originMax: 255,
  gatewayUrlMax: 255,
  pageTitleMax: 100,
  pageContentMax: 200_000,
  docListMax: 500,
} as const;

// Numbers, or numeric text as some of Torna's scripts post them.
const TypeCode = z.coerce
  .number({ error: V.invalid })
  .pipe(z.union([z.literal(1), z.literal(2)], { error: V.invalid }));
const Status = z.coerce
  .number({ error: V.invalid })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }));
const OrderIndex = z.coerce.number().int().min(0).max(1_000_000_000);

/** `POST /api/compose/project/add`: a portal in a composed space. Encrypted ones get a generated password. */
export const ComposeProjectAddRequest = z.object({
  spaceId: EntityId,
  name: requiredText(ComposeLimits.nameMax),
  description: optionalText(ComposeLimits.descriptionMax).default(''),
  type: TypeCode.default(1),
  status: Status.default(1),
});
export type ComposeProjectAddRequest = z.input<typeof ComposeProjectAddRequest>;

/** `POST /api/compose/project/update`. */
export const ComposeProjectUpdateRequest = ComposeProjectAddRequest.omit({ spaceId: true }).extend({
  id: EntityId,
});
export type ComposeProjectUpdateRequest = z.input<typeof ComposeProjectUpdateRequest>;

/** A composed project as the space's members see it; `password` only for those who may manage it. */
export const ComposeProject = z.object({
  id: z.string(),
  spaceId: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  password: z.string(),
  creatorName: z.string(),
  gmtCreate: z.string(),
});
export type ComposeProject = z.infer<typeof ComposeProject>;

/** `GET /api/compose/project/get?id`: what a visitor of an open (or verified) composed project sees. */
export const PublicComposeProject = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  showDebug: z.boolean(),
  /** The gateway as the only environment when set; else none (each doc shows its public environments). */
  gatewayUrl: z.string(),
});
export type PublicComposeProject = z.infer<typeof PublicComposeProject>;

/** `?projectId=` of compose calls. */
export const ComposeProjectIdQuery = z.object({ projectId: EntityId });

/** `POST /api/compose/doc/add`: docs the creator may read, into a folder of the composed project. */
export const ComposeDocAddRequest = z.object({
  projectId: EntityId,
  parentId: z.string().trim().max(64).default(''),
  docList: z
    .array(
      z.object({
        docId: EntityId,
        origin: z.string().trim().max(ComposeLimits.originMax).optional(),
        orderIndex: OrderIndex.optional(),
      }),
      { error: V.chooseDoc },
    )
    .min(1, { error: V.chooseDoc })
    .max(ComposeLimits.docListMax),
});
export type ComposeDocAddRequest = z.input<typeof ComposeDocAddRequest>;

/** `POST /api/compose/doc/folder/add`. */
export const ComposeFolderAddRequest = z.object({
  projectId: EntityId,
  name: requiredText(ComposeLimits.folderNameMax),
  parentId: z.string().trim().max(64).default(''),
  orderIndex: OrderIndex.optional(),
});
export type ComposeFolderAddRequest = z.input<typeof ComposeFolderAddRequest>;

/** `POST /api/compose/doc/folder/update`. */
export const ComposeFolderUpdateRequest = z.object({
  id: EntityId,
  name: requiredText(ComposeLimits.folderNameMax),
});
export type ComposeFolderUpdateRequest = z.input<typeof ComposeFolderUpdateRequest>;

/** `POST /api/compose/doc/orderindex/update`. */
export const ComposeOrderRequest = z.object({ id: EntityId, orderIndex: OrderIndex });
export type ComposeOrderRequest = z.input<typeof ComposeOrderRequest>;

/** `GET /api/compose/doc/list?projectId`: the entries (folders and docs), flat, in order. */
export const ComposeDocRow = z.object({
  id: z.string(),
  docId: z.string(),
  origin: z.string(),
  projectId: z.string(),
  isFolder: z.boolean(),
  parentId: z.string(),
  creator: z.string(),
  gmtCreate: z.string(),
  name: z.string(),
  url: z.string(),
  httpMethod: z.string(),
  orderIndex: z.number().int(),
  /** False when the doc was deleted or can no longer be found; such entries are left out of the menu. */
  available: z.boolean(),
});
export type ComposeDocRow = z.infer<typeof ComposeDocRow>;

/** `GET /api/compose/doc/menu?projectId`: the tree visitors see (reader nodes; folders are type 2). */
export const ComposeMenu = ViewTree;

/** `GET /api/compose/project/setting/get?id`. */
export const ComposeSetting = z.object({ id: z.string(), gatewayUrl: z.string(), showDebug: z.boolean() });
export type ComposeSetting = z.infer<typeof ComposeSetting>;

/** `GET /api/compose/project/setting/getall?id`: with the global params and returns. */
export const ComposeSettingAll = ComposeSetting.extend({
  globalParams: z.array(z.custom<ParamRow>()),
  globalReturns: z.array(z.custom<ParamRow>()),
});
export type ComposeSettingAll = z.infer<typeof ComposeSettingAll>;

/**
 * `POST /api/compose/project/setting/save`. The gateway URL (trimmed, no trailing slash; '' for none)
 * replaces the hosts of every doc. The global tables are replaced when sent.
 */
export const ComposeSettingSaveRequest = z.object({
  id: EntityId,
  gatewayUrl: z
    .string()
    .trim()
    .max(ComposeLimits.gatewayUrlMax, { error: `${V.max}|${ComposeLimits.gatewayUrlMax}` })
    .refine((url) => url === '' || /^https?:\/\/[^\s/]\S*$/i.test(url), { error: V.url })
    .transform((url) => url.replace(/\/+$/, ''))
    .default(''),
  showDebug: Flag.default(false),
  globalParams: ParamListSchema.optional(),
  globalReturns: ParamListSchema.optional(),
});
export type ComposeSettingSaveRequest = z.input<typeof ComposeSettingSaveRequest>;

/** An additional page: rich text (HTML, sanitized on save) or Markdown. */
export const ComposePage = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  content: z.string(),
  contentKind: z.enum(['html', 'markdown']),
  status: z.number().int(),
  orderIndex: z.number().int(),
  gmtCreate: z.string(),
});
export type ComposePage = z.infer<typeof ComposePage>;

/** `GET /api/compose/additional/listvisible?projectId`. */
export const ComposePageTitle = z.object({ id: z.string(), title: z.string() });

/** `POST /api/compose/additional/add`. */
export const ComposePageAddRequest = z.object({
  projectId: EntityId,
  title: requiredText(ComposeLimits.pageTitleMax),
  content: z
    .string()
    .max(ComposeLimits.pageContentMax, { error: `${V.max}|${ComposeLimits.pageContentMax}` })
    .default(''),
  contentKind: z.enum(['html', 'markdown']).default('html'),
  status: Status.default(1),
  orderIndex: OrderIndex.optional(),
});
export type ComposePageAddRequest = z.input<typeof ComposePageAddRequest>;

/** `POST /api/compose/additional/update`. */
export const ComposePageUpdateRequest = ComposePageAddRequest.omit({ projectId: true }).extend({
  id: EntityId,
});
export type ComposePageUpdateRequest = z.input<typeof ComposePageUpdateRequest>;

/** `POST /api/compose/additional/status/update`. */
export const ComposePageStatusRequest = z.object({ id: EntityId, status: Status });

/** `GET /api/compose/doc/view?projectId&docId`: a doc of a composed project. */
export const ComposeDocQuery = z.object({ projectId: EntityId, docId: EntityId });

/** The environments a composed project's doc shows: the gateway, or the doc's public environments. */
export const ComposeEnvironments = z.array(Environment);
