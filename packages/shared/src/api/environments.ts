import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { EnvironmentGlobals, EnvironmentGlobalsSaveRequest, EnvironmentIdQuery } from './doc-constants.ts';
import { DocIdQuery } from './docs.ts';
import { ModuleIdQuery } from './modules.ts';
import { displayName, EntityId, Flag, IdRequest, OrgLimits } from './spaces.ts';

/**
 * A base URL: trimmed, http(s) with a host, trailing slashes removed (`http://a/api/` is stored as
 * `http://a/api`), so `baseUrl + path` never doubles a slash.
 */
export const BaseUrl = z
  .string({ error: V.url })
  .trim()
  .max(OrgLimits.baseUrlMax, { error: `${V.max}|${OrgLimits.baseUrlMax}` })
  .regex(/^https?:\/\/[^\s/]\S*$/i, { error: V.url })
  .transform((url) => url.replace(/\/+$/, ''));

/** A debug environment of an application. `isPublic` environments also show on shared and public views. */
export const Environment = z.object({
  id: z.string(),
  moduleId: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  isPublic: z.boolean(),
  orderIndex: z.number().int(),
});
export type Environment = z.infer<typeof Environment>;

const OrderIndex = z.coerce.number().int().min(0).max(1_000_000_000);

/** `POST /api/module/environment/add`. Names are free text, unique within the application. */
export const EnvironmentAddRequest = z.object({
  moduleId: EntityId,
  name: displayName(OrgLimits.environmentNameMax),
  baseUrl: BaseUrl,
  isPublic: Flag.default(false),
  orderIndex: OrderIndex.optional(),
});
export type EnvironmentAddRequest = z.input<typeof EnvironmentAddRequest>;

/** `POST /api/module/environment/update`. */
export const EnvironmentUpdateRequest = z.object({
  id: EntityId,
  name: displayName(OrgLimits.environmentNameMax),
  baseUrl: BaseUrl,
  isPublic: Flag,
  orderIndex: OrderIndex.optional(),
});
export type EnvironmentUpdateRequest = z.input<typeof EnvironmentUpdateRequest>;

/**
 * `POST /api/module/environment/copy` (Torna's field names): a copy of `fromEnvId` named `name`, into
 * `destModuleId` (default: the same application), with the source's URL and visibility unless given.
 */
export const EnvironmentCopyRequest = z.object({
  fromEnvId: EntityId,
  destModuleId: EntityId.optional(),
  name: displayName(OrgLimits.environmentNameMax),
  baseUrl: BaseUrl.optional(),
  isPublic: Flag.optional(),
});
export type EnvironmentCopyRequest = z.input<typeof EnvironmentCopyRequest>;

/** `POST /api/module/environment/import`: copies the ticked environments of another application. */
export const EnvironmentImportRequest = z.object({
  moduleId: EntityId,
  fromModuleId: EntityId,
  ids: z.array(EntityId, { error: V.chooseEnv }).min(1, { error: V.chooseEnv }).max(OrgLimits.bulkMax),
});
export type EnvironmentImportRequest = z.input<typeof EnvironmentImportRequest>;

export const moduleEnvironmentGlobalsGet = defineCall({
  method: 'GET',
  path: '/api/module/environment/globals/get',
  query: EnvironmentIdQuery,
  response: EnvironmentGlobals,
  access: 'user',
});

export const docGlobals = defineCall({
  method: 'GET',
  path: '/api/doc/globals',
  query: ModuleIdQuery,
  response: EnvironmentGlobals,
  access: 'user',
});

export const moduleEnvironmentList = defineCall({
  method: 'GET',
  path: '/api/module/environment/list',
  query: ModuleIdQuery,
  response: z.array(Environment),
  access: 'user',
});

/**
 * Quire's addition: the environments of a doc's application by the doc's id, so the light reader page asks
 * for them beside the doc instead of after it (it learns the application from the doc).
 */
export const docEnvironmentList = defineCall({
  method: 'GET',
  path: '/api/doc/environment/list',
  query: DocIdQuery,
  response: z.array(Environment),
  access: 'user',
});

export const moduleEnvironmentAdd = defineCall({
  method: 'POST',
  path: '/api/module/environment/add',
  body: EnvironmentAddRequest,
  response: Environment,
  access: 'user',
});

export const moduleEnvironmentUpdate = defineCall({
  method: 'POST',
  path: '/api/module/environment/update',
  body: EnvironmentUpdateRequest,
  response: Empty,
  access: 'user',
});

export const moduleEnvironmentDelete = defineCall({
  method: 'POST',
  path: '/api/module/environment/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const moduleEnvironmentCopy = defineCall({
  method: 'POST',
  path: '/api/module/environment/copy',
  body: EnvironmentCopyRequest,
  response: Environment,
  access: 'user',
});

export const moduleEnvironmentImport = defineCall({
  method: 'POST',
  path: '/api/module/environment/import',
  body: EnvironmentImportRequest,
  response: z.array(Environment),
  access: 'user',
});

export const moduleEnvironmentGlobalsSave = defineCall({
  method: 'POST',
  path: '/api/module/environment/globals/save',
  body: EnvironmentGlobalsSaveRequest,
  response: EnvironmentGlobals,
  access: 'user',
});
