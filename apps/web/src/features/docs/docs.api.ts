import {
  type ConstantSaveRequest,
  codeModuleList,
  codeModuleSave,
  codeProjectList,
  codeProjectSave,
  constantModuleAll,
  constantModuleGet,
  constantModuleSave,
  constantProjectGet,
  constantProjectSave,
  type DocCopyRequest,
  type DocMoveRequest,
  type DocRestoreRequest,
  type DocSaveRequest,
  docCopy,
  docDelete,
  docDetail,
  docEnumInfoAdd,
  docEnumInfoBaselist,
  docEnumInfoDelete,
  docEnumInfoUpdate,
  docEnumItemAdd,
  docEnumItemDelete,
  docEnumItemList,
  docEnumItemUpdate,
  docFolderAdd,
  docFolderUpdate,
  docList,
  docLock,
  docMove,
  docRevisionDiff,
  docRevisionGet,
  docRevisionList,
  docRevisionRestore,
  docSave,
  docUnlock,
  type EnumAddRequest,
  type EnumItemAddRequest,
  type EnumItemUpdateRequest,
  type EnumUpdateRequest,
  type FolderAddRequest,
  type FolderUpdateRequest,
  type ModuleErrorCodesSaveRequest,
  type ProjectErrorCodesSaveRequest,
  propGetDocProps,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** Calls of the documents area, under Torna's paths (docs/documents.md). */

export function listDocs(moduleId: string, options?: RequestOptions) {
  return call(docList, { moduleId }, options);
}

export function getDocDetail(id: string, options?: RequestOptions) {
  return call(docDetail, { id }, options);
}

/** Saves a doc. Silent: the editor shows a stale answer (409) as a dialog and other failures itself. */
export function saveDoc(body: DocSaveRequest) {
  return call(docSave, body, { silent: true });
}

export function addFolder(body: FolderAddRequest) {
  return call(docFolderAdd, body, { silent: true });
}

export function updateFolder(body: FolderUpdateRequest) {
  return call(docFolderUpdate, body, { silent: true });
}

export function moveDoc(body: DocMoveRequest) {
  return call(docMove, body);
}

export function deleteDoc(id: string) {
  return call(docDelete, { id });
}

export function copyDoc(body: DocCopyRequest) {
  return call(docCopy, body);
}

export function setDocLocked(id: string, locked: boolean) {
  return call(locked ? docLock : docUnlock, { id });
}

export function getDocProps(id: string, options?: RequestOptions) {
  return call(propGetDocProps, { id }, options);
}

export function listRevisions(docId: string, options?: RequestOptions) {
  return call(docRevisionList, { docId }, options);
}

export function getRevision(docId: string, revision: number, options?: RequestOptions) {
  return call(docRevisionGet, { docId, revision }, options);
}

export function diffRevisions(docId: string, from: number, to: number, options?: RequestOptions) {
  return call(docRevisionDiff, { docId, from, to }, options);
}

export function restoreRevision(body: DocRestoreRequest) {
  return call(docRevisionRestore, body);
}

// Dictionaries
export function listEnums(moduleId: string, options?: RequestOptions) {
  return call(docEnumInfoBaselist, { moduleId }, options);
}

export function listEnumItems(enumId: string, options?: RequestOptions) {
  return call(docEnumItemList, { enumId }, options);
}

export function addEnum(body: EnumAddRequest) {
  return call(docEnumInfoAdd, body, { silent: true });
}

export function updateEnum(body: EnumUpdateRequest) {
  return call(docEnumInfoUpdate, body, { silent: true });
}

export function deleteEnum(id: string) {
  return call(docEnumInfoDelete, { id });
}

export function addEnumItem(body: EnumItemAddRequest) {
  return call(docEnumItemAdd, body, { silent: true });
}

export function updateEnumItem(body: EnumItemUpdateRequest) {
  return call(docEnumItemUpdate, body, { silent: true });
}

export function deleteEnumItem(id: string) {
  return call(docEnumItemDelete, { id });
}

// Constants pages and error-code tables
export function getModuleConstants(moduleId: string, options?: RequestOptions) {
  return call(constantModuleGet, { moduleId }, options);
}

export function getModuleConstantsAll(moduleId: string, options?: RequestOptions) {
  return call(constantModuleAll, { moduleId }, options);
}

export function saveModuleConstants(body: ConstantSaveRequest) {
  return call(constantModuleSave, body);
}

export function getProjectConstants(projectId: string, options?: RequestOptions) {
  return call(constantProjectGet, { projectId }, options);
}

export function saveProjectConstants(body: ConstantSaveRequest) {
  return call(constantProjectSave, body);
}

export function listModuleCodes(moduleId: string, options?: RequestOptions) {
  return call(codeModuleList, { moduleId }, options);
}

export function saveModuleCodes(body: ModuleErrorCodesSaveRequest) {
  return call(codeModuleSave, body);
}

export function listProjectCodes(projectId: string, options?: RequestOptions) {
  return call(codeProjectList, { projectId }, options);
}

export function saveProjectCodes(body: ProjectErrorCodesSaveRequest) {
  return call(codeProjectSave, body);
}
