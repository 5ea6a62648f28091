import {
  ConstantModuleAll,
  type ConstantSaveRequest,
  type DocCopyRequest,
  DocDetail,
  type DocMoveRequest,
  DocProps,
  type DocRestoreRequest,
  DocRevision,
  DocRevisionDetail,
  DocRevisionDiff,
  type DocSaveRequest,
  DocSaveResult,
  DocTreeRow,
  Empty,
  type EnumAddRequest,
  EnumInfo,
  EnumItem,
  type EnumItemAddRequest,
  type EnumItemUpdateRequest,
  type EnumUpdateRequest,
  ErrorCodeList,
  type FolderAddRequest,
  type FolderUpdateRequest,
  type ModuleErrorCodesSaveRequest,
  type ProjectErrorCodesSaveRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** Calls of the documents area, under Torna's paths (docs/documents.md). */

export function listDocs(moduleId: string, options?: RequestOptions) {
  return apiGet('/doc/list', z.array(DocTreeRow), { moduleId }, options);
}

export function getDocDetail(id: string, options?: RequestOptions) {
  return apiGet('/doc/detail', DocDetail, { id }, options);
}

/** Saves a doc. Silent: the editor shows a stale answer (409) as a dialog and other failures itself. */
export function saveDoc(body: DocSaveRequest) {
  return apiPost('/doc/save', DocSaveResult, body, { silent: true });
}

export function addFolder(body: FolderAddRequest) {
  return apiPost('/doc/folder/add', DocTreeRow, body, { silent: true });
}

export function updateFolder(body: FolderUpdateRequest) {
  return apiPost('/doc/folder/update', Empty, body, { silent: true });
}

export function moveDoc(body: DocMoveRequest) {
  return apiPost('/doc/move', Empty, body);
}

export function deleteDoc(id: string) {
  return apiPost('/doc/delete', Empty, { id });
}

export function copyDoc(body: DocCopyRequest) {
  return apiPost('/doc/copy', DocSaveResult, body);
}

export function setDocLocked(id: string, locked: boolean) {
  return apiPost(locked ? '/doc/lock' : '/doc/unlock', Empty, { id });
}

export function getDocProps(id: string, options?: RequestOptions) {
  return apiGet('/prop/getDocProps', DocProps, { id }, options);
}

export function listRevisions(docId: string, options?: RequestOptions) {
  return apiGet('/doc/revision/list', z.array(DocRevision), { docId }, options);
}

export function getRevision(docId: string, revision: number, options?: RequestOptions) {
  return apiGet('/doc/revision/get', DocRevisionDetail, { docId, revision }, options);
}

export function diffRevisions(docId: string, from: number, to: number, options?: RequestOptions) {
  return apiGet('/doc/revision/diff', DocRevisionDiff, { docId, from, to }, options);
}

export function restoreRevision(body: DocRestoreRequest) {
  return apiPost('/doc/revision/restore', DocSaveResult, body);
}

// Dictionaries
export function listEnums(moduleId: string, options?: RequestOptions) {
  return apiGet('/doc/enum/info/baselist', z.array(EnumInfo), { moduleId }, options);
}

export function listEnumItems(enumId: string, options?: RequestOptions) {
  return apiGet('/doc/enum/item/list', z.array(EnumItem), { enumId }, options);
}

export function addEnum(body: EnumAddRequest) {
  return apiPost('/doc/enum/info/add', EnumInfo, body, { silent: true });
}

export function updateEnum(body: EnumUpdateRequest) {
  return apiPost('/doc/enum/info/update', EnumInfo, body, { silent: true });
}

export function deleteEnum(id: string) {
  return apiPost('/doc/enum/info/delete', Empty, { id });
}

export function addEnumItem(body: EnumItemAddRequest) {
  return apiPost('/doc/enum/item/add', EnumItem, body, { silent: true });
}

export function updateEnumItem(body: EnumItemUpdateRequest) {
  return apiPost('/doc/enum/item/update', EnumItem, body, { silent: true });
}

export function deleteEnumItem(id: string) {
  return apiPost('/doc/enum/item/delete', Empty, { id });
}

// Constants pages and error-code tables
export function getModuleConstants(moduleId: string, options?: RequestOptions) {
  return apiGet('/constant/module/get', z.string(), { moduleId }, options);
}

export function getModuleConstantsAll(moduleId: string, options?: RequestOptions) {
  return apiGet('/constant/module/all', ConstantModuleAll, { moduleId }, options);
}

export function saveModuleConstants(body: ConstantSaveRequest) {
  return apiPost('/constant/module/save', z.string(), body);
}

export function getProjectConstants(projectId: string, options?: RequestOptions) {
  return apiGet('/constant/project/get', z.string(), { projectId }, options);
}

export function saveProjectConstants(body: ConstantSaveRequest) {
  return apiPost('/constant/project/save', z.string(), body);
}

export function listModuleCodes(moduleId: string, options?: RequestOptions) {
  return apiGet('/code/module/list', ErrorCodeList, { moduleId }, options);
}

export function saveModuleCodes(body: ModuleErrorCodesSaveRequest) {
  return apiPost('/code/module/save', ErrorCodeList, body);
}

export function listProjectCodes(projectId: string, options?: RequestOptions) {
  return apiGet('/code/project/list', ErrorCodeList, { projectId }, options);
}

export function saveProjectCodes(body: ProjectErrorCodesSaveRequest) {
  return apiPost('/code/project/save', ErrorCodeList, body);
}
