import {
  type AdminSettingUpdateRequest,
  type AdminUserCreateRequest,
  type AdminUserPageRequest,
  type AllocateProjectRequest,
  type AuditPageRequest,
  adminAuditPage,
  adminI18nDelete,
  adminI18nGet,
  adminI18nList,
  adminI18nSave,
  adminProjectTree,
  adminSettingGet,
  adminSettingUpdate,
  adminTrashList,
  adminTrashRestore,
  adminUserAllocateProject,
  adminUserCreate,
  adminUserDisable,
  adminUserEnable,
  adminUserGetUserProjectIds,
  adminUserPage,
  adminUserPasswordReset,
  type I18nSaveRequest,
  type TrashRestoreRequest,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** One page of users, searchable by account/nickname and status. */
export function pageUsers(body: AdminUserPageRequest, options?: RequestOptions) {
  return call(adminUserPage, body, options);
}

/** Creates an account; the answer carries its initial password, shown this once. */
export function createUser(body: AdminUserCreateRequest) {
  return call(adminUserCreate, body, { silent: true });
}

/** Gives a user a new random password, shown this once; they must change it at their next login. */
export function resetUserPassword(id: string) {
  return call(adminUserPasswordReset, { id });
}

/** Disables an account: its sessions stop working at once. */
export function disableUser(id: string) {
  return call(adminUserDisable, { id });
}

/** Enables an account again. */
export function enableUser(id: string) {
  return call(adminUserEnable, { id });
}

/** Afterwards the user is a member of exactly these projects, with `role`. */
export function allocateProjects(body: AllocateProjectRequest) {
  return call(adminUserAllocateProject, body, { silent: true });
}

/** Ids of the projects a user belongs to. */
export function getUserProjectIds(userId: string, options?: RequestOptions) {
  return call(adminUserGetUserProjectIds, { userId }, options);
}

/** Every space with its projects. */
export function getProjectTree(options?: RequestOptions) {
  return call(adminProjectTree, undefined, options);
}

/** Registration switch and default language. */
export function getAdminSetting(options?: RequestOptions) {
  return call(adminSettingGet, undefined, options);
}

/** Saves the settings sent. */
export function updateAdminSetting(body: AdminSettingUpdateRequest) {
  return call(adminSettingUpdate, body);
}

/** Uploaded language packs, without content. */
export function listI18nPacks(options?: RequestOptions) {
  return call(adminI18nList, undefined, options);
}

/** One language pack with its content. */
export function getI18nPack(id: string, options?: RequestOptions) {
  return call(adminI18nGet, { id }, options);
}

/** Creates or replaces the pack of a language; errors are shown inline by the dialog. */
export function saveI18nPack(body: I18nSaveRequest) {
  return call(adminI18nSave, body, { silent: true });
}

/** Deletes an uploaded language pack. */
export function deleteI18nPack(id: string) {
  return call(adminI18nDelete, { id });
}

/** Spaces, projects and applications deleted in the last 30 days. */
export function listTrash(options?: RequestOptions) {
  return call(adminTrashList, undefined, options);
}

/** Restores a deleted item. */
export function restoreTrash(body: TrashRestoreRequest) {
  return call(adminTrashRestore, body);
}

/** One page of the audit log, newest first. */
export function pageAudit(body: AuditPageRequest, options?: RequestOptions) {
  return call(adminAuditPage, body, options);
}
