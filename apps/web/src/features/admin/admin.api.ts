import {
  AdminSetting,
  type AdminSettingUpdateRequest,
  type AdminUserCreateRequest,
  AdminUserPage,
  type AdminUserPageRequest,
  type AllocateProjectRequest,
  AuditPage,
  type AuditPageRequest,
  Empty,
  I18nPack,
  I18nPackDetail,
  type I18nSaveRequest,
  I18nSaveResult,
  InitialPassword,
  ProjectTreeNode,
  TrashItem,
  type TrashRestoreRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** One page of users, searchable by account/nickname and status. */
export function pageUsers(body: AdminUserPageRequest, options?: RequestOptions) {
  return apiPost('/admin/user/page', AdminUserPage, body, options);
}

/** Creates an account; the answer carries its initial password, shown this once. */
export function createUser(body: AdminUserCreateRequest) {
  return apiPost('/admin/user/create', InitialPassword, body, { silent: true });
}

/** Gives a user a new random password, shown this once; they must change it at their next login. */
export function resetUserPassword(id: string) {
  return apiPost('/admin/user/password/reset', InitialPassword, { id });
}

/** Disables an account: its sessions stop working at once. */
export function disableUser(id: string) {
  return apiPost('/admin/user/disable', Empty, { id });
}

/** Enables an account again. */
export function enableUser(id: string) {
  return apiPost('/admin/user/enable', Empty, { id });
}

/** Afterwards the user is a member of exactly these projects, with `role`. */
export function allocateProjects(body: AllocateProjectRequest) {
  return apiPost('/admin/user/allocateProject', Empty, body, { silent: true });
}

/** Ids of the projects a user belongs to. */
export function getUserProjectIds(userId: string, options?: RequestOptions) {
  return apiGet('/admin/user/getUserProjectIds', z.array(z.string()), { userId }, options);
}

/** Every space with its projects. */
export function getProjectTree(options?: RequestOptions) {
  return apiGet('/admin/project/tree', z.array(ProjectTreeNode), undefined, options);
}

/** Registration switch and default language. */
export function getAdminSetting(options?: RequestOptions) {
  return apiGet('/admin/setting/get', AdminSetting, undefined, options);
}

/** Saves the settings sent. */
export function updateAdminSetting(body: AdminSettingUpdateRequest) {
  return apiPost('/admin/setting/update', AdminSetting, body);
}

/** Uploaded language packs, without content. */
export function listI18nPacks(options?: RequestOptions) {
  return apiGet('/admin/i18n/list', z.array(I18nPack), undefined, options);
}

/** One language pack with its content. */
export function getI18nPack(id: string, options?: RequestOptions) {
  return apiGet('/admin/i18n/get', I18nPackDetail, { id }, options);
}

/** Creates or replaces the pack of a language; errors are shown inline by the dialog. */
export function saveI18nPack(body: I18nSaveRequest) {
  return apiPost('/admin/i18n/save', I18nSaveResult, body, { silent: true });
}

/** Deletes an uploaded language pack. */
export function deleteI18nPack(id: string) {
  return apiPost('/admin/i18n/delete', Empty, { id });
}

/** Spaces, projects and applications deleted in the last 30 days. */
export function listTrash(options?: RequestOptions) {
  return apiGet('/admin/trash/list', z.array(TrashItem), undefined, options);
}

/** Restores a deleted item. */
export function restoreTrash(body: TrashRestoreRequest) {
  return apiPost('/admin/trash/restore', Empty, body);
}

/** One page of the audit log, newest first. */
export function pageAudit(body: AuditPageRequest, options?: RequestOptions) {
  return apiPost('/admin/audit/page', AuditPage, body, options);
}
