import {
  type ArrayElementType,
  type DubboInfo,
  type ErrorCodeRow,
  NOT_DEPRECATED,
  type ParamRow,
  type ParamTable,
} from '@quire/api-model';
import type { DocDetail, DocSaveRequest } from '@quire/shared';

/** What the editor holds: the document's fields, its folder and the remark of the next save. */
export interface EditorDoc {
  id: string;
  parentId: string;
  name: string;
  type: number;
  url: string;
  httpMethod: string;
  contentType: string;
  description: string;
  author: string;
  deprecated: string;
  isShow: boolean;
  isUseGlobalHeaders: boolean;
  isUseGlobalParams: boolean;
  isUseGlobalReturns: boolean;
  isRequestArray: boolean;
  isResponseArray: boolean;
  requestArrayType: ArrayElementType;
  responseArrayType: ArrayElementType;
  pathParams: ParamRow[];
  headerParams: ParamRow[];
  queryParams: ParamRow[];
  requestParams: ParamRow[];
  responseParams: ParamRow[];
  errorCodeParams: ErrorCodeRow[];
  dubboInfo: DubboInfo | null;
  remark: string;
}

export const EMPTY_DUBBO: DubboInfo = {
  interfaceName: '',
  version: '',
  protocol: '',
  author: '',
  dependency: '',
};

/** A new doc of `type` in folder `parentId` (all three isUseGlobal* flags on, as Torna's client does). */
export function newEditorDoc(type: number, parentId: string): EditorDoc {
  return {
    id: '',
    parentId,
    name: '',
    type,
    url: '',
    httpMethod: 'GET',
    contentType: type === 0 ? 'application/json' : '',
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
    dubboInfo: type === 1 ? { ...EMPTY_DUBBO } : null,
    remark: '',
  };
}

/** The editor's copy of a loaded doc; a copy has no id and is named "<name> Copy". */
export function editorDocFrom(detail: DocDetail, asCopy = false): EditorDoc {
  return {
    id: asCopy ? '' : detail.id,
    parentId: detail.parentId,
    name: asCopy ? `${detail.name} Copy` : detail.name,
    type: detail.type,
    url: detail.url,
    httpMethod: detail.httpMethod || 'GET',
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
    dubboInfo: detail.dubboInfo ?? (detail.type === 1 ? { ...EMPTY_DUBBO } : null),
    remark: '',
  };
}

/** The body of `POST /api/doc/save`: an update carries the revision its edit started from. */
export function saveRequestOf(
  doc: EditorDoc,
  moduleId: string,
  revision: number | undefined,
): DocSaveRequest {
  const isHttp = doc.type === 0;
  const isDubbo = doc.type === 1;
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
