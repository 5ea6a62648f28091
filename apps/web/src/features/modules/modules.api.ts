import {
  type EnvironmentAddRequest,
  type EnvironmentCopyRequest,
  type EnvironmentImportRequest,
  type EnvironmentUpdateRequest,
  type ModuleAddRequest,
  type ModuleSettingUpdateRequest,
  type ModuleUpdateRequest,
  moduleAdd,
  moduleDelete,
  moduleEnvironmentAdd,
  moduleEnvironmentCopy,
  moduleEnvironmentDelete,
  moduleEnvironmentImport,
  moduleEnvironmentList,
  moduleEnvironmentUpdate,
  moduleInfo,
  moduleList,
  moduleSettingGet,
  moduleSettingUpdate,
  moduleTokenRefresh,
  moduleTokenStatus,
  moduleUpdate,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** The applications of a project. */
export function listModules(projectId: string, options?: RequestOptions) {
  return call(moduleList, { projectId }, options);
}

/** One application (its project, for the doc editor's routes). */
export function getModule(moduleId: string, options?: RequestOptions) {
  return call(moduleInfo, { moduleId }, options);
}

/** Creates an application; errors are shown inline by the dialog. */
export function addModule(body: ModuleAddRequest) {
  return call(moduleAdd, body, { silent: true });
}

/** Renames an application. */
export function updateModule(body: ModuleUpdateRequest) {
  return call(moduleUpdate, body, { silent: true });
}

/** Deletes an application (restorable by a super admin for 30 days). */
export function deleteModule(id: string) {
  return call(moduleDelete, { id });
}

/** An application's settings. */
export function getModuleSetting(moduleId: string, options?: RequestOptions) {
  return call(moduleSettingGet, { moduleId }, options);
}

/** Saves the settings sent; answers all of them. */
export function updateModuleSetting(body: ModuleSettingUpdateRequest) {
  return call(moduleSettingUpdate, body);
}

/** An application's debug environments. */
export function listEnvironments(moduleId: string, options?: RequestOptions) {
  return call(moduleEnvironmentList, { moduleId }, options);
}

/** Adds an environment; errors are shown inline by the dialog. */
export function addEnvironment(body: EnvironmentAddRequest) {
  return call(moduleEnvironmentAdd, body, { silent: true });
}

/** Updates an environment. */
export function updateEnvironment(body: EnvironmentUpdateRequest) {
  return call(moduleEnvironmentUpdate, body, { silent: true });
}

/** Deletes an environment. */
export function deleteEnvironment(id: string) {
  return call(moduleEnvironmentDelete, { id });
}

/** Copies an environment under a new name, into this or another application. */
export function copyEnvironment(body: EnvironmentCopyRequest) {
  return call(moduleEnvironmentCopy, body, { silent: true });
}

/** Copies the ticked environments of another application into this one. */
export function importEnvironments(body: EnvironmentImportRequest) {
  return call(moduleEnvironmentImport, body, { silent: true });
}

/** Whether an application has a push token (the token itself is only shown when made). */
export function getTokenStatus(moduleId: string, options?: RequestOptions) {
  return call(moduleTokenStatus, { moduleId }, options);
}

/** Makes a new push token for an application; the previous one stops working at once. */
export function refreshToken(moduleId: string) {
  return call(moduleTokenRefresh, { moduleId });
}
