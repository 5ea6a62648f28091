import type { CallContract } from '@quire/shared';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { multipart } from './import-fixture.ts';
import type { Caller, PersonaWorld } from './persona-fixture.ts';
import { TEST_PASSWORD, type TestApp } from './test-app.ts';

/**
 * A valid input for every call, built from its contract's schema: ids named by a field (`docId`, `projectId`,
 * an `id` read by the call's path) point into the persona world, everything else is the smallest value the
 * schema accepts. `OVERRIDES` adds what a schema cannot say (a body the handler parses itself, a value two
 * fields must agree on). The route × persona test needs inputs valid enough to reach the policy: a 400 before
 * it would say nothing about who may call.
 */
type Json = Record<string, unknown>;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  pattern?: string;
};

/** Whose share or composed project a caller's inputs name: visitors of the public one name it. */
function shareOf(w: PersonaWorld, caller: Caller) {
  const open = caller === 'publicVisitor';
  return {
    share: open ? w.publicShareId : w.lockedShareId,
    compose: open ? w.publicComposeId : w.lockedComposeId,
    sharePassword: open ? '' : w.lockedSharePassword,
    composePassword: open ? '' : w.lockedComposePassword,
  };
}

/** The id an `id` field means on a call's path; the longest matching prefix wins. */
function idOfPath(path: string, w: PersonaWorld, caller: Caller): string {
  const s = shareOf(w, caller);
  const byPrefix: Array<[string, string]> = [
    ['/api/space/openuser/', w.openUserId],
    ['/api/space/', w.spaceId],
    ['/api/project/release/', w.releaseId],
    ['/api/project/', w.projectId],
    ['/api/module/environment/', w.environmentId],
    ['/api/module/webhook/', w.webhookId],
    ['/api/module/', w.moduleId],
    ['/api/doc/enum/info/', w.enumId],
    ['/api/doc/enum/item/', w.enumItemId],
    ['/api/doc/share/', w.lockedShareId],
    ['/api/doc/mock/', w.mockId],
    ['/api/doc/debugscript/', w.scriptId],
    ['/api/doc/folder/', w.folderId],
    ['/api/doc/', w.docId],
    ['/api/prop/', w.docId],
    ['/api/share/', s.share],
    ['/api/compose/additional/', w.composePageId],
    ['/api/compose/additional/get', caller === 'publicVisitor' ? w.composePageId : w.lockedComposePageId],
    ['/api/user/token/', w.adminTokenId],
    ['/api/compose/doc/', w.composeFolderId],
    ['/api/compose/project/setting/getall', s.compose],
    ['/api/compose/project/get', s.compose],
    ['/api/compose/project/changelog', s.compose],
    ['/api/compose/project/checkPassword', s.compose],
    ['/api/compose/project/', w.publicComposeId],
    ['/api/admin/user/', w.spareUserId],
    ['/api/admin/gen/template/', w.templateId],
  ];
  let best: [string, string] | undefined;
  for (const entry of byPrefix)
    if (path.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best?.[1] ?? 'AAAAAAAAAAAAAAAA';
}

/** Values for fields named the same on every call. */
function namedValue(key: string, path: string, w: PersonaWorld, caller: Caller): unknown {
  const compose = path.startsWith('/api/compose/');
  const s = shareOf(w, caller);
  switch (key) {
    case 'id':
      return idOfPath(path, w, caller);
    case 'spaceId':
      return compose ? w.composeSpaceId : w.spaceId;
    case 'projectId':
      if (path.startsWith('/api/compose/doc/menu') || path.startsWith('/api/compose/doc/view'))
        return s.compose;
      if (path.startsWith('/api/compose/additional/listvisible')) return s.compose;
      return compose ? w.publicComposeId : w.projectId;
    case 'moduleId':
    case 'destModuleId':
    case 'fromModuleId':
      return w.moduleId;
    case 'docId':
      return w.docId;
    case 'shareConfigId':
      return s.share;
    case 'environmentId':
    case 'fromEnvId':
      return w.environmentId;
    case 'enumId':
      return w.enumId;
    case 'releaseId':
      return w.releaseId;
    case 'userId':
      return w.spareUserId;
    case 'userIds':
      return [w.spare2UserId];
    case 'sourceId':
      return path.includes('/subscribe/project/') ? w.projectId : w.docId;
    case 'url':
    case 'baseUrl':
      return 'http://127.0.0.1:9/api';
    case 'password':
      return path.includes('checkPassword')
        ? compose
          ? s.composePassword
          : s.sharePassword
        : 'Passw0rd-long';
    case 'roleCode':
    case 'role':
      return 'guest';
    default:
      return undefined;
  }
}

let counter = 0;

/** The smallest value a JSON schema accepts (names made unique, for unique indexes). */
function minimal(schema: JsonSchema, key: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const pick = alternatives.find((a) => a.type !== 'null') ?? alternatives[0];
    return pick ? minimal(pick, key) : null;
  }
  if (schema.allOf?.[0]) return minimal(schema.allOf[0], key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, () => undefined);
    case 'array':
      return schema.minItems ? [minimal(schema.items ?? {}, key)] : [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    case 'string': {
      counter += 1;
      const text = `${key || 'v'}${counter}`;
      return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 1, 'x');
    }
    default:
      return null;
  }
}

function objectOf(schema: JsonSchema, named: (key: string) => unknown): Json {
  const out: Json = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const value = named(key);
    if (value !== undefined) out[key] = value;
    else if (schema.required?.includes(key)) out[key] = minimal(property, key);
  }
  return out;
}

/** What to send for a call: the input of its contract's schema for this caller in this world. */
export function sampleInput(
  path: string,
  schema: z.ZodType | undefined,
  w: PersonaWorld,
  caller: Caller,
): Json {
  const base = schema
    ? objectOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, (key) =>
        namedValue(key, path, w, caller),
      )
    : {};
  const override = OVERRIDES[path];
  if (!override) return base;
  const merged: Json = { ...base, ...override(w, caller) };
  // An override's `undefined` removes a field the schema's names filled in.
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged;
}

/** Inputs a schema cannot describe. */
const OVERRIDES: Record<string, (w: PersonaWorld, caller: Caller) => Json> = {
  '/api/doc/revision/get': () => ({ revision: 1 }),
  '/api/doc/revision/compare': () => ({ from: 1, to: 1 }),
  '/api/project/release/compare': (w) => ({ projectId: w.projectId, fromId: w.releaseId }),
  '/api/project/release/doc': (w) => ({ releaseId: w.releaseId, docId: w.docId }),
  '/api/project/release/doc/subscribe': (w) => ({ sourceId: w.releaseId }),
  '/api/project/release/doc/cancelSubscribe': (w) => ({ sourceId: w.releaseId }),
  '/api/project/release/add': (w) => ({
    projectId: w.projectId,
    releaseNo: `2.0.${w.releaseId}`.slice(0, 20),
  }),
  '/api/module/compare': (w) => ({
    moduleId: w.moduleId,
    content: JSON.stringify({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: {} }),
  }),
  '/api/doc/revision/diff': () => ({ from: 1, to: 1 }),
  '/api/doc/revision/restore': () => ({ revision: 1 }),
  '/api/doc/search': () => ({ q: 'order' }),
  '/api/doc/gen/generate': (w) => ({ templateId: w.templateId }),
  '/api/doc/save': (w) => ({ id: w.docId, name: 'getOrder', moduleId: w.moduleId, revision: 1 }),
  '/api/constant/module/save': (w) => ({ id: w.moduleId }),
  '/api/constant/project/save': (w) => ({ id: w.projectId }),
  '/api/doc/share/add': (w) => ({ moduleId: w.moduleId, type: 1, isAll: true }),
  '/api/doc/share/update': (w) => ({ id: w.lockedShareId, type: 2, isAll: true }),
  '/api/doc/debugscript/add': (w) => ({ docId: w.docId, type: 0, scope: 0 }),
  '/api/job/get': (w) => ({ id: w.jobId }),
  '/api/job/cancel': (w) => ({ id: w.jobId }),
  '/api/doc/export': (w) => ({ format: 'markdown', moduleId: w.moduleId, environmentIds: [w.environmentId] }),
  '/api/doc/export/postman': (w) => ({ moduleId: w.moduleId }),
  '/api/admin/ldap/update': () => ({ url: 'ldap://127.0.0.1:1389' }),
  '/api/admin/ldap/test': () => ({ url: 'ldap://127.0.0.1:1389' }),
  // An unused loopback port: the job starts (the answer), then fails cleanly as "cannot reach".
  '/api/admin/torna/dryRun': () => ({ url: 'mysql://root:secret@127.0.0.1:9/torna' }),
  '/api/admin/torna/import': () => ({ url: 'mysql://root:secret@127.0.0.1:9/torna' }),
  '/api/user/lang/update': () => ({ lang: 'en' }),
  '/api/compose/project/regeneratePassword': (w) => ({ id: w.lockedComposeId }),
  '/api/doc/export/download': () => ({ id: 'AAAAAAAAAAAAAAAA' }),
  '/api/module/export': () => ({ format: 'markdown' }),
  '/api/doc/copy': (w) => ({ id: w.docId }),
  '/api/doc/move': (w) => ({ id: w.docId, parentId: '' }),
  '/api/doc/folder/add': (w) => ({ moduleId: w.moduleId }),
  '/api/doc/mock/save': (w) => ({ id: w.mockId, path: `orders-${w.mockId}` }),
  '/api/doc/mock/run': () => ({ path: 'x' }),
  '/api/doc/debugscript/update': (w) => ({ docId: w.docId, type: 0, scope: 0 }),
  '/api/doc/enum/item/add': () => ({ type: 'string', value: 'v' }),
  '/api/doc/enum/item/update': () => ({ type: 'string', value: 'v' }),
  '/api/module/environment/import': (w) => ({ ids: [w.environmentId] }),
  '/api/module/webhook/add': (w) => ({
    moduleId: w.moduleId,
    projectId: undefined,
    url: 'https://hooks.example.com/quire',
    kind: 'generic',
    events: ['doc.update'],
  }),
  '/api/module/webhook/update': () => ({ kind: 'generic', events: ['doc.update'] }),
  '/api/module/webhook/list': (w) => ({ moduleId: w.moduleId, projectId: undefined }),
  '/api/module/import/swagger': (w) => ({
    projectId: w.projectId,
    moduleId: undefined,
    url: undefined,
    content: JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {} }),
  }),
  '/api/module/import/postman': (w) => ({
    projectId: w.projectId,
    moduleId: w.moduleId,
    content: JSON.stringify({ info: { name: 'p', schema: '' }, item: [] }),
  }),
  '/api/module/import/markdown': (w) => ({ projectId: w.projectId, moduleId: w.moduleId, content: '# t' }),
  '/api/project/member/add': (w) => ({
    projectId: w.projectId,
    userIds: [w.spare2UserId],
    roleCode: 'guest',
  }),
  '/api/project/member/updateRole': (w) => ({ projectId: w.projectId, userId: w.spareUserId }),
  '/api/project/member/remove': (w) => ({ projectId: w.projectId, userId: w.spareUserId }),
  '/api/project/update': () => ({ isPrivate: true }),
  '/api/space/member/updateRole': (w) => ({ spaceId: w.spaceId, userId: w.spare2UserId }),
  '/api/space/member/remove': (w) => ({ spaceId: w.spaceId, userId: w.spare2UserId }),
  '/api/space/member/add': (w) => ({
    spaceId: w.spaceId,
    userIds: [w.userIds.otherAdmin],
    roleCode: 'guest',
  }),
  '/api/user/password/update': () => ({ oldPassword: 'wrong-password', password: 'Passw0rd-long' }),
  '/api/system/login': (w) => ({ username: w.spareUsername, password: TEST_PASSWORD }),
  '/api/user/login': (w) => ({ username: w.spareUsername, password: TEST_PASSWORD }),
  '/api/admin/user/allocateProject': (w) => ({ userId: w.spareUserId, projectIds: [w.projectId] }),
  '/api/admin/trash/restore': (w) => ({ type: 'project', id: w.projectId }),
  '/api/admin/user/identity/link': (w) => ({ userId: w.spareUserId, provider: 'ldap', subject: 's' }),
  '/api/admin/i18n/save': () => ({ lang: 'fr', content: {} }),
  '/api/compose/doc/add': (w) => ({ projectId: w.publicComposeId, docList: [{ docId: w.docId }] }),
  '/api/compose/doc/view': (w, caller) => ({ docId: w.docId, projectId: shareOf(w, caller).compose }),
};

/** A route of the web API, with its contract when it has one. */
export interface Route {
  method: string;
  path: string;
  contract?: CallContract;
}

/** Uploads: their body is a file, not JSON. */
const UPLOADS: Record<
  string,
  (w: PersonaWorld) => { fields: Record<string, string>; name: string; content: string }
> = {
  '/api/module/import/postman': (w) => ({
    fields: { projectId: w.projectId },
    name: 'c.json',
    content: JSON.stringify({ info: { name: 'p', schema: '' }, item: [] }),
  }),
  '/api/module/import/markdown': (w) => ({
    fields: { projectId: w.projectId },
    name: 'a.md',
    content: '# A\n',
  }),
};

/** Calls a route as a caller of the world, with the sample input and whatever the caller carries. */
export function callAs(
  t: TestApp,
  w: PersonaWorld,
  route: Route,
  caller: Caller,
): Promise<LightMyRequestResponse> {
  const credentials = w.callers[caller];
  const headers: Record<string, string> = { 'accept-language': 'en', ...credentials.shareHeaders };
  // A composed project's calls carry its own session in the one visitor header.
  if (route.path.startsWith('/api/compose/') && headers['x-compose-session'])
    headers['x-share-token'] = headers['x-compose-session'];
  delete headers['x-compose-session'];
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (route.path === '/api/doc/debug/v1') {
    headers['target-doc-id'] = w.docId;
    headers['target-url'] = 'http://127.0.0.1:9/api/orders/1';
  }
  const upload = UPLOADS[route.path]?.(w);
  if (upload) {
    const body = multipart(upload.fields, [{ name: 'file', fileName: upload.name, content: upload.content }]);
    return t.app.inject({
      method: 'POST',
      url: route.path,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  const contract = route.contract;
  const schema = contract ? (contract.method === 'GET' ? contract.query : contract.body) : undefined;
  const input = sampleInput(route.path, schema, w, caller);
  if (route.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    return t.app.inject({
      method: 'GET',
      url: `${route.path}${query.size ? `?${query}` : ''}`,
      headers,
      remoteAddress: '127.0.0.1',
    });
  }
  return t.app.inject({
    method: 'POST',
    url: route.path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
    remoteAddress: '127.0.0.1',
  });
}

/**
 * Whether an answer got past the call's policy. 401 and 403 did not. A 404 did not either while no caller
 * before got through: the world's targets exist, so "not found" is how some calls hide what a caller may not
 * read; once a caller got through (callers call least privileged first), a 404 means that caller deleted it.
 */
export function gotThrough(
  response: LightMyRequestResponse,
  someoneBefore: boolean,
  missingTarget: boolean,
): boolean {
  if (response.statusCode === 401 || response.statusCode === 403) return false;
  if (response.statusCode === 404 && !someoneBefore && !missingTarget) return false;
  return true;
}
