import {
  type AppliedRow,
  DocLimits,
  ErrorCodeListSchema,
  type ErrorCodeRow,
  ParamListSchema,
  type ParamRow,
} from '@quire/api-model';
import { z } from 'zod';
import { V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { ModuleIdQuery } from './modules.ts';
import { ProjectIdQuery } from './projects.ts';
import { EntityId } from './spaces.ts';

/**
 * Constants pages (free HTML, sanitized) and error-code tables of applications and projects, and the global
 * headers/params/returns of environments. Torna's paths: `/constant/project/get|save`,
 * `/constant/module/get|save|all`; the error-code tables are Quire's `/code/project|module/list|save`.
 */

/** Characters of one constants page. */
export const CONSTANT_PAGE_MAX = DocLimits.descriptionMax;

/** `POST /api/constant/project/save` and `/api/constant/module/save`: `id` is the project or application. */
export const ConstantSaveRequest = z.object({
  id: EntityId,
  content: z
    .string({ error: `${V.max}|${CONSTANT_PAGE_MAX}` })
    .max(CONSTANT_PAGE_MAX, { error: `${V.max}|${CONSTANT_PAGE_MAX}` }),
});
export type ConstantSaveRequest = z.input<typeof ConstantSaveRequest>;

/** `GET /api/constant/module/all?moduleId`: the application's page and its project's page. */
export const ConstantModuleAll = z.object({ constantModule: z.string(), constantProject: z.string() });
export type ConstantModuleAll = z.infer<typeof ConstantModuleAll>;

/** An error-code table as lists answer it. */
export const ErrorCodeList = z.array(z.custom<ErrorCodeRow>());

/** `POST /api/code/project/save`: the project's whole error-code table; codes are unique. */
export const ProjectErrorCodesSaveRequest = z.object({ projectId: EntityId, codes: ErrorCodeListSchema });
export type ProjectErrorCodesSaveRequest = z.input<typeof ProjectErrorCodesSaveRequest>;

/** `POST /api/code/module/save`: the application's whole error-code table; codes are unique. */
export const ModuleErrorCodesSaveRequest = z.object({ moduleId: EntityId, codes: ErrorCodeListSchema });
export type ModuleErrorCodesSaveRequest = z.input<typeof ModuleErrorCodesSaveRequest>;

/** `?environmentId=`. */
export const EnvironmentIdQuery = z.object({ environmentId: EntityId });

const ParamTree = z.array(z.custom<ParamRow>());

/** Global headers, params and returns of an environment, applied to docs whose isUseGlobal* flags are on. */
export const EnvironmentGlobals = z.object({
  environmentId: z.string(),
  globalHeaders: ParamTree,
  globalParams: ParamTree,
  globalReturns: ParamTree,
});
export type EnvironmentGlobals = z.infer<typeof EnvironmentGlobals>;

/** `POST /api/module/environment/globals/save`: replaces the three tables. */
export const EnvironmentGlobalsSaveRequest = z.object({
  environmentId: EntityId,
  globalHeaders: ParamListSchema.default([]),
  globalParams: ParamListSchema.default([]),
  globalReturns: ParamListSchema.default([]),
});
export type EnvironmentGlobalsSaveRequest = z.input<typeof EnvironmentGlobalsSaveRequest>;

/** `GET /api/doc/applied?id[&environmentId]`: the doc's tables with an environment's globals applied. */
export const DocAppliedQuery = z.object({ id: EntityId, environmentId: EntityId.optional() });

// Readers' rows: the doc's own and the globals (`isGlobal`); typed, not re-parsed, like the detail's tables.
const AppliedTree = z.array(z.custom<AppliedRow>());

/**
 * What a reader shows: headers, query, body and response with the globals applied where the doc's
 * isUseGlobal* flags say so (data-node wrapping included), from the named environment or the first one.
 */
export const DocApplied = z.object({
  environmentId: z.string(),
  headerParams: AppliedTree,
  queryParams: AppliedTree,
  requestParams: AppliedTree,
  responseParams: AppliedTree,
});
export type DocApplied = z.infer<typeof DocApplied>;

export const constantProjectGet = defineCall({
  method: 'GET',
  path: '/api/constant/project/get',
  query: ProjectIdQuery,
  response: z.string(),
  access: 'user',
});

export const constantProjectSave = defineCall({
  method: 'POST',
  path: '/api/constant/project/save',
  body: ConstantSaveRequest,
  response: z.string(),
  access: 'user',
});

export const constantModuleGet = defineCall({
  method: 'GET',
  path: '/api/constant/module/get',
  query: ModuleIdQuery,
  response: z.string(),
  access: 'user',
});

export const constantModuleSave = defineCall({
  method: 'POST',
  path: '/api/constant/module/save',
  body: ConstantSaveRequest,
  response: z.string(),
  access: 'user',
});

export const constantModuleAll = defineCall({
  method: 'GET',
  path: '/api/constant/module/all',
  query: ModuleIdQuery,
  response: ConstantModuleAll,
  access: 'user',
});

export const codeProjectList = defineCall({
  method: 'GET',
  path: '/api/code/project/list',
  query: ProjectIdQuery,
  response: ErrorCodeList,
  access: 'user',
});

export const codeProjectSave = defineCall({
  method: 'POST',
  path: '/api/code/project/save',
  body: ProjectErrorCodesSaveRequest,
  response: ErrorCodeList,
  access: 'user',
});

export const codeModuleList = defineCall({
  method: 'GET',
  path: '/api/code/module/list',
  query: ModuleIdQuery,
  response: ErrorCodeList,
  access: 'user',
});

export const codeModuleSave = defineCall({
  method: 'POST',
  path: '/api/code/module/save',
  body: ModuleErrorCodesSaveRequest,
  response: ErrorCodeList,
  access: 'user',
});
