import { type ApiDoc, descriptionKind } from '@quire/api-model';
import type { DocDetail, DocTreeRow, EnumWithItems } from '@quire/shared';
import type { Globals } from '../environments/environment-globals.service.ts';
import type { DocRow, TreeRow } from './docs.repository.ts';

/** One row of the doc tree. */
export function presentTreeRow(row: TreeRow): DocTreeRow {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    url: row.url,
    httpMethod: row.httpMethod,
    type: row.type,
    isFolder: row.isFolder === 1,
    deprecated: row.deprecated,
    isShow: row.isShow === 1,
    isLocked: row.isLocked === 1,
    orderIndex: row.orderIndex,
  };
}

/** What the detail shows beside the doc itself. */
export interface DetailExtras {
  globals: Globals;
  enums: EnumWithItems[];
  remark: string;
}

/** `GET /api/doc/detail`: the document under Torna's names, with the row's position, state and history facts. */
export function presentDocDetail(row: DocRow, doc: ApiDoc, extras: DetailExtras): DocDetail {
  return {
    id: row.id,
    moduleId: row.moduleId,
    projectId: row.projectId,
    parentId: row.parentId,
    isFolder: row.isFolder === 1,
    name: doc.name,
    type: doc.type,
    url: doc.url,
    httpMethod: doc.httpMethod,
    contentType: doc.contentType,
    description: doc.description,
    descriptionKind: descriptionKind(doc) === 'markdown' ? 'markdown' : 'html',
    author: doc.author,
    deprecated: doc.deprecated,
    isShow: doc.isShow,
    isLocked: row.isLocked === 1,
    orderIndex: row.orderIndex,
    revision: row.revision,
    remark: extras.remark,
    isUseGlobalHeaders: doc.isUseGlobalHeaders,
    isUseGlobalParams: doc.isUseGlobalParams,
    isUseGlobalReturns: doc.isUseGlobalReturns,
    isRequestArray: doc.isRequestArray,
    isResponseArray: doc.isResponseArray,
    requestArrayType: doc.requestArrayType,
    responseArrayType: doc.responseArrayType,
    pathParams: doc.pathParams,
    headerParams: doc.headerParams,
    queryParams: doc.queryParams,
    requestParams: doc.requestParams,
    responseParams: doc.responseParams,
    errorCodeParams: doc.errorCodeParams,
    dubboInfo: doc.dubboInfo,
    globalHeaders: extras.globals.globalHeaders,
    globalParams: extras.globals.globalParams,
    globalReturns: extras.globals.globalReturns,
    enums: extras.enums,
    // A pushed or imported doc was written by no user (`open-api`): its author is who it came from, as in Torna
    // (and as the open API's `doc.detail` answers), rather than a blank "creator".
    creatorName: row.creatorName ?? doc.author,
    modifierName: row.modifierName ?? doc.author,
    createTime: row.createdAt,
    updateTime: row.updatedAt,
  };
}
