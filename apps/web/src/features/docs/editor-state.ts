import {
  DocType,
  type DubboInfo,
  isDocType,
  isHttpMethod,
  NOT_DEPRECATED,
  type ParamTable,
} from '@quire/api-model';
import type { DocDetail, DocSaveRequest } from '@quire/shared';
import type { z } from 'zod';

/**
 * What the editor holds: the fields of `POST /api/doc/save` (so a field added to the contract is a compile
 * error here until the editor handles it), with the folder always set.
 */
export type EditorDoc = Omit<
  z.output<typeof DocSaveRequest>,
  'moduleId' | 'revision' | 'orderIndex' | 'parentId'
> & {
  parentId: string;
};

export const EMPTY_DUBBO: DubboInfo = {
  interfaceName: '',
  version: '',
  protocol: '',
  author: '',
  dependency: '',
};

/** A new doc of `type` in folder `parentId` (all three isUseGlobal* flags on, as Torna's client does). */
export function newEditorDoc(type: DocType, parentId: string): EditorDoc {
  return {
    id: '',
    parentId,
    name: '',
    type,
    url: '',
    httpMethod: 'GET',
    contentType: type === DocType.http ? 'application/json' : '',
    description: '',
    author: '',
    deprecated: NOT_DEPRECATED,
    isShow: true,
    isUseGlobalHeaders: true,
    isUseGlobalParams: true,
    isUseGlobalReturns: true,
    isRequestArray: false,
    isResponseArray: false,
    requestArrayType: 'object',
    responseArrayType: 'object',
    pathParams: [],
    headerParams: [],
    queryParams: [],
    requestParams: [],
    responseParams: [],
    errorCodeParams: [],
    dubboInfo: type === DocType.dubbo ? { ...EMPTY_DUBBO } : null,
    remark: '',
  };
}

/** The editor's copy of a loaded doc; a copy has no id and is named "<name> Copy". */
export function editorDocFrom(detail: DocDetail, asCopy = false): EditorDoc {
  return {
    id: asCopy ? '' : detail.id,
    parentId: detail.parentId,
    name: asCopy ? `${detail.name} Copy` : detail.name,
    type: isDocType(detail.type) ? detail.type : DocType.http,
    url: detail.url,
    httpMethod: isHttpMethod(detail.httpMethod) ? detail.httpMethod : 'GET',
    contentType: detail.contentType,
    description: detail.description,
    author: detail.author,
    deprecated: detail.deprecated,
    isShow: detail.isShow,
    isUseGlobalHeaders: detail.isUseGlobalHeaders,
    isUseGlobalParams: detail.isUseGlobalParams,
    isUseGlobalReturns: detail.isUseGlobalReturns,
    isRequestArray: detail.isRequestArray,
    isResponseArray: detail.isResponseArray,
    requestArrayType: detail.requestArrayType,
    responseArrayType: detail.responseArrayType,
    pathParams: detail.pathParams,
    headerParams: detail.headerParams,
    queryParams: detail.queryParams,
    requestParams: detail.requestParams,
    responseParams: detail.responseParams,
    errorCodeParams: detail.errorCodeParams,
    dubboInfo: detail.dubboInfo ?? (detail.type === DocType.dubbo ? { ...EMPTY_DUBBO } : null),
    remark: '',
  };
}

/** The body of `POST /api/doc/save`: an update carries the revision its edit started from. */
export function saveRequestOf(
  doc: EditorDoc,
  moduleId: string,
  revision: number | undefined,
): DocSaveRequest {
  const isHttp = doc.type === DocType.http;
  const isDubbo = doc.type === DocType.dubbo;
  const hasTables = isHttp || isDubbo;
  return {
    id: doc.id,
    moduleId,
    parentId: doc.parentId,
    ...(doc.id && revision !== undefined ? { revision } : {}),
    remark: doc.remark,
    name: doc.name,
    type: doc.type,
    url: isHttp ? doc.url : '',
    httpMethod: isHttp ? doc.httpMethod : '',
    contentType: isHttp ? doc.contentType : '',
    description: doc.description,
    author: doc.author,
    deprecated: doc.deprecated,
    isShow: doc.isShow,
    isUseGlobalHeaders: doc.isUseGlobalHeaders,
    isUseGlobalParams: doc.isUseGlobalParams,
    isUseGlobalReturns: doc.isUseGlobalReturns,
    isRequestArray: hasTables && doc.isRequestArray,
    isResponseArray: hasTables && doc.isResponseArray,
    requestArrayType: doc.requestArrayType,
    responseArrayType: doc.responseArrayType,
    pathParams: isHttp ? doc.pathParams : [],
    headerParams: isHttp ? doc.headerParams : [],
    queryParams: isHttp ? doc.queryParams : [],
    requestParams: hasTables ? doc.requestParams : [],
    responseParams: hasTables ? doc.responseParams : [],
    errorCodeParams: hasTables ? doc.errorCodeParams : [],
    dubboInfo: isDubbo ? (doc.dubboInfo ?? { ...EMPTY_DUBBO }) : null,
  };
}

/** The `{name}` segments of a URL, in order, without repeats. */
export function pathVariables(url: string): string[] {
  const names: string[] = [];
  for (const match of url.matchAll(/\{([A-Za-z0-9_-]+)\}/g)) {
    const name = match[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export type TableKey = ParamTable;
