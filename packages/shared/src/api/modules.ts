import { HTTP_METHODS } from '@quire/api-model';
import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { defineCall } from './contract.ts';
import { ProjectIdQuery } from './projects.ts';
import { displayName, EntityId, Flag, IdRequest, OrgLimits } from './spaces.ts';

/** An application (Torna's "module"): a collection of docs inside a project. */
export const Module = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  /** 0 created by hand; imports of later issues set 1 swagger, 2 postman, 3 YApi markdown. */
  type: z.number().int(),
  orderIndex: z.number().int(),
  createTime: z.string(),
});
export type Module = z.infer<typeof Module>;

/** `?moduleId=`. */
export const ModuleIdQuery = z.object({ moduleId: EntityId });

/** `POST /api/module/add`. */
export const ModuleAddRequest = z.object({
  name: displayName(OrgLimits.moduleNameMax),
  projectId: EntityId,
});
export type ModuleAddRequest = z.input<typeof ModuleAddRequest>;

/** `POST /api/module/update`: rename. */
export const ModuleUpdateRequest = z.object({ id: EntityId, name: displayName(OrgLimits.moduleNameMax) });
export type ModuleUpdateRequest = z.input<typeof ModuleUpdateRequest>;

/** Methods a swagger import may keep when one path declares several (the doc model's HTTP methods). */
export { HTTP_METHODS } from '@quire/api-model';

/** Swagger import settings of an application. */
export const SwaggerSetting = z.object({
  allowMethods: z.array(z.enum(HTTP_METHODS)).min(1).max(HTTP_METHODS.length),
});
export type SwaggerSetting = z.infer<typeof SwaggerSetting>;

/**
 * `GET /api/module/setting/get`. `printPushContent` and `pushOverride` are stored under Torna's keys
 * `torna.push.print-content` and `torna.push.override`; the common header/request/response rows are filled
 * by the documents issue and are empty lists until then.
 */
export const ModuleSetting = z.object({
  moduleId: z.string(),
  printPushContent: z.boolean(),
  pushOverride: z.boolean(),
  /** The open API also asks for an enabled open user's `app_key` and a valid `sign` (smart-doc's MD5 scheme). */
  requireSignature: z.boolean(),
  allowDebug: z.boolean(),
  swaggerSetting: SwaggerSetting,
  commonHeader: z.array(z.unknown()),
  commonRequest: z.array(z.unknown()),
  commonResponse: z.array(z.unknown()),
});
export type ModuleSetting = z.infer<typeof ModuleSetting>;

/** `POST /api/module/setting/update`: only the fields sent change. */
export const ModuleSettingUpdateRequest = z.object({
  moduleId: EntityId,
  printPushContent: Flag.optional(),
  pushOverride: Flag.optional(),
  requireSignature: Flag.optional(),
  allowDebug: Flag.optional(),
  swaggerSetting: SwaggerSetting.optional(),
});
export type ModuleSettingUpdateRequest = z.input<typeof ModuleSettingUpdateRequest>;

/**
 * `GET /api/module/token/status`: whether the application has a push token (the token itself is shown only
 * when it is created or refreshed: `GET /api/module/token/refresh?moduleId` answers it as `data`).
 */
export const ModuleTokenStatus = z.object({
  moduleId: z.string(),
  hasToken: z.boolean(),
  createdAt: z.string(),
  creatorName: z.string(),
  lastUsedAt: z.string(),
});
export type ModuleTokenStatus = z.infer<typeof ModuleTokenStatus>;

export const moduleAdd = defineCall({
  method: 'POST',
  path: '/api/module/add',
  body: ModuleAddRequest,
  response: Module,
  access: 'user',
});

export const moduleUpdate = defineCall({
  method: 'POST',
  path: '/api/module/update',
  body: ModuleUpdateRequest,
  response: Empty,
  access: 'user',
});

export const moduleDelete = defineCall({
  method: 'POST',
  path: '/api/module/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const moduleList = defineCall({
  method: 'GET',
  path: '/api/module/list',
  query: ProjectIdQuery,
  response: z.array(Module),
  access: 'user',
});

export const moduleInfo = defineCall({
  method: 'GET',
  path: '/api/module/info',
  query: ModuleIdQuery,
  response: Module,
  access: 'user',
});

export const moduleSettingGet = defineCall({
  method: 'GET',
  path: '/api/module/setting/get',
  query: ModuleIdQuery,
  response: ModuleSetting,
  access: 'user',
});

export const moduleSettingUpdate = defineCall({
  method: 'POST',
  path: '/api/module/setting/update',
  body: ModuleSettingUpdateRequest,
  response: ModuleSetting,
  access: 'user',
});

export const moduleTokenStatus = defineCall({
  method: 'GET',
  path: '/api/module/token/status',
  query: ModuleIdQuery,
  response: ModuleTokenStatus,
  access: 'user',
});

export const moduleTokenRefresh = defineCall({
  method: 'GET',
  path: '/api/module/token/refresh',
  query: ModuleIdQuery,
  response: z.string(),
  access: 'user',
});
