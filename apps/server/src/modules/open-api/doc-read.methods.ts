import { type ApiDoc, flattenParams, type ParamRow } from '@quire/api-model';
import { readDocument } from '../docs/doc-document.ts';
import { type DocWithPeople, listModuleDocsWithPeople } from '../docs/docs.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import { type OpenContext, type OpenMethod, objectData } from './open-api.context.ts';
import { OpenApiError } from './open-api.errors.ts';

/** Torna's date form (`yyyy-MM-dd HH:mm:ss`, here in UTC). */
function tornaTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

/** A stored URL and its version (a pushed version is kept as the URL's `#fragment`). */
function splitVersion(url: string): { url: string; version: string } {
  const hash = url.indexOf('#');
  return hash < 0 ? { url, version: '' } : { url: url.slice(0, hash), version: url.slice(hash + 1) };
}

/** Live rows of the token's application (docs and folders), optionally only `ids`: never another application's. */
function loadDocs(ctx: OpenContext, ids?: ReadonlyArray<string>): Promise<DocWithPeople[]> {
  return listModuleDocsWithPeople(ctx.db, ctx.module.id, ids);
}

/** One row of `doc.list`. */
function listRow(row: DocWithPeople) {
  const doc = readDocument(row.content);
  const { url, version } = splitVersion(doc.url);
  return {
    id: row.id,
    name: doc.name,
    description: doc.description,
    version,
    url,
    httpMethod: doc.httpMethod,
    contentType: doc.contentType,
    type: doc.type,
    isFolder: row.isFolder,
    parentId: row.parentId,
    isShow: doc.isShow ? 1 : 0,
  };
}

function flatParams(rows: ReadonlyArray<ParamRow>, docId: string) {
  return flattenParams(rows).map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    required: row.required ? 1 : 0,
    maxLength: row.maxLength,
    example: row.example,
    description: row.description,
    enumId: row.enumId,
    docId,
    parentId: row.parentId,
  }));
}

/** One doc as Torna's `doc.detail` answers it, with the path and query params and environments it left out. */
function detailOf(row: DocWithPeople, doc: ApiDoc, environments: Array<{ name: string; baseUrl: string }>) {
  const { url, version } = splitVersion(doc.url);
  return {
    id: row.id,
    name: doc.name,
    description: doc.description,
    url,
    version,
    type: doc.type,
    httpMethod: doc.httpMethod,
    contentType: doc.contentType,
    author: doc.author,
    deprecated: doc.deprecated,
    isFolder: row.isFolder,
    parentId: row.parentId,
    isShow: doc.isShow ? 1 : 0,
    creatorName: row.creatorName ?? doc.author,
    modifierName: row.modifierName ?? doc.author,
    gmtCreate: tornaTime(row.createdAt),
    gmtModified: tornaTime(row.updatedAt),
    debugEnvs: environments.map((env) => ({ configKey: env.name, configValue: env.baseUrl })),
    pathParams: flatParams(doc.pathParams, row.id),
    headerParams: flatParams(doc.headerParams, row.id),
    queryParams: flatParams(doc.queryParams, row.id),
    requestParams: flatParams(doc.requestParams, row.id),
    responseParams: flatParams(doc.responseParams, row.id),
    errorCodeParams: doc.errorCodeParams.map((code) => ({
      id: code.id,
      code: code.code,
      msg: code.description,
      solution: code.solution,
    })),
    dubboInfo: doc.dubboInfo,
  };
}

function idList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new OpenApiError('2', 'invalidParams', ['docIds', 'validation.invalid']);
  return value.map((id) => String(id));
}

async function details(ctx: OpenContext, ids: string[]) {
  const [rows, environments] = await Promise.all([
    loadDocs(ctx, ids),
    listEnvironments(ctx.db, ctx.module.id),
  ]);
  return rows.map((row) => detailOf(row, readDocument(row.content), environments));
}

async function oneDetail(ctx: OpenContext, id: string) {
  if (!id) throw new OpenApiError('2', 'invalidParams', ['docId', 'validation.invalid']);
  const [detail] = await details(ctx, [id]);
  if (!detail) throw new OpenApiError('2', 'docNotFound', [id]);
  return detail;
}

/** `doc.list`: `{docIds?}` -> `{docList}`, docs and folders of the application. */
export const docList: OpenMethod = async (ctx, data) => {
  const ids = idList(objectData(data).docIds);
  return { docList: (await loadDocs(ctx, ids)).map(listRow) };
};

/** `doc.detail`: `{docId}` (also `id`) -> the doc, only from the token's application. */
export const docDetail: OpenMethod = async (ctx, data) => {
  const input = objectData(data);
  return oneDetail(ctx, String(input.docId ?? input.id ?? '').trim());
};

/** `doc.get` (Torna's SDK names it; Torna's server lacks it): `{id}` -> the same as `doc.detail`. */
export const docGet: OpenMethod = docDetail;

/** `doc.details`: `{docIds}` -> the docs found among them, in tree order. */
export const docDetails: OpenMethod = async (ctx, data) =>
  details(ctx, idList(objectData(data).docIds) ?? []);

/** `doc.category.list` (SDK only in Torna): the folders of the application. */
export const categoryList: OpenMethod = async (ctx) =>
  (await loadDocs(ctx))
    .filter((row) => row.isFolder === 1)
    .map((row) => ({ id: row.id, name: readDocument(row.content).name, parentId: row.parentId }));
