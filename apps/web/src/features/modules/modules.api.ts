import {
  Empty,
  Environment,
  type EnvironmentAddRequest,
  type EnvironmentCopyRequest,
  type EnvironmentImportRequest,
  type EnvironmentUpdateRequest,
  Module,
  type ModuleAddRequest,
  ModuleSetting,
  type ModuleSettingUpdateRequest,
  ModuleTokenStatus,
  type ModuleUpdateRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

const ModuleList = z.array(Module);
const EnvironmentList = z.array(Environment);

/** The applications of a project. */
export function listModules(projectId: string, options?: RequestOptions) {
  return apiGet('/module/list', ModuleList, { projectId }, options);
}

/** One application (its project, for the doc editor's routes). */
export function getModule(moduleId: string, options?: RequestOptions) {
  return apiGet('/module/info', Module, { moduleId }, options);
}

/** Creates an application; errors are shown inline by the dialog. */
export function addModule(body: ModuleAddRequest) {
  return apiPost('/module/add', Module, body, { silent: true });
}

/** Renames an application. */
export function updateModule(body: ModuleUpdateRequest) {
  return apiPost('/module/update', Empty, body, { silent: true });
}

/** Deletes an application (restorable by a super admin for 30 days). */
export function deleteModule(id: string) {
  return apiPost('/module/delete', Empty, { id });
}

/** An application's settings. */
export function getModuleSetting(moduleId: string, options?: RequestOptions) {
  return apiGet('/module/setting/get', ModuleSetting, { moduleId }, options);
}

/** Saves the settings sent; answers all of them. */
export function updateModuleSetting(body: ModuleSettingUpdateRequest) {
  return apiPost('/module/setting/update', ModuleSetting, body);
}

/** An application's debug environments. */
export function listEnvironments(moduleId: string, options?: RequestOptions) {
  return apiGet('/module/environment/list', EnvironmentList, { moduleId }, options);
}

/** Adds an environment; errors are shown inline by the dialog. */
export function addEnvironment(body: EnvironmentAddRequest) {
  return apiPost('/module/environment/add', Environment, body, { silent: true });
}

/** Updates an environment. */
export function updateEnvironment(body: EnvironmentUpdateRequest) {
  return apiPost('/module/environment/update', Empty, body, { silent: true });
}

/** Deletes an environment. */
export function deleteEnvironment(id: string) {
  return apiPost('/module/environment/delete', Empty, { id });
}

/** Copies an environment under a new name, into this or another application. */
export function copyEnvironment(body: EnvironmentCopyRequest) {
  return apiPost('/module/environment/copy', Environment, body, { silent: true });
}

/** Copies the ticked environments of another application into this one. */
export function importEnvironments(body: EnvironmentImportRequest) {
  return apiPost('/module/environment/import', EnvironmentList, body, { silent: true });
}

/** Whether an application has a push token (the token itself is only shown when made). */
export function getTokenStatus(moduleId: string, options?: RequestOptions) {
  return apiGet('/module/token/status', ModuleTokenStatus, { moduleId }, options);
}

/** Makes a new push token for an application; the previous one stops working at once. */
export function refreshToken(moduleId: string) {
  return apiGet('/module/token/refresh', z.string(), { moduleId });
}
