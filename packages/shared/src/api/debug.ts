import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { requiredText, V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { EntityId, Flag, IdRequest } from './spaces.ts';

/**
 * The debug panel's calls: the guarded proxy (`ANY /api/doc/debug/v1`, Torna's header contract plus
 * `target-doc-id`), the panel's settings for a doc, the last values a user sent (Torna's user property of
 * type 10) and the pre/post scripts (Torna's `/doc/debugscript/*`).
 */
export const DEBUG_PROXY_PATH = '/api/doc/debug/v1';

/** Header names of the proxy, as Torna's clients send them (lower case on the wire). */
export const DebugHeaders = {
  targetUrl: 'target-url',
  targetHeaders: 'target-headers',
  targetDocId: 'target-doc-id',
  responseHeaders: 'target-response-headers',
  /** Set on an answer of the proxy itself (a refusal), never on an upstream answer. */
  refused: 'quire-debug-refused',
} as const;

export const DebugLimits = {
  /** Largest request body the proxy takes and largest upstream answer it returns (the panel shows as much). */
  maxBytes: 10 * 1024 * 1024,
  /** Requests kept in a user's history of one doc. */
  historyMax: 10,
  /** Stored size of one remembered request (its files are never stored). */
  valueMaxChars: 256 * 1024,
  scriptMaxChars: 64 * 1024,
  scriptNameMax: 64,
  descriptionMax: 256,
  hostsMax: 100,
} as const;

/** Torna's property type of the remembered debug values. */
export const DEBUG_PROP_TYPE = 10;

/** `GET /api/doc/debug/config?docId=`: what the panel of a doc may do. */
export const DebugConfig = z.object({
  docId: z.string(),
  moduleId: z.string(),
  /** The application's "allow debug" setting: off hides the panel and refuses the proxy. */
  allowDebug: z.boolean(),
  /** Whether the proxy takes calls for this doc from this caller. */
  proxyAvailable: z.boolean(),
  /** Where the proxy may go: the environments' base URLs, or (admin setting) also the listed hosts. */
  proxyHosts: z.array(z.string()),
  maxBytes: z.number().int(),
});
export type DebugConfig = z.infer<typeof DebugConfig>;

export const DebugDocQuery = z.object({ docId: EntityId });

/** One remembered request of the panel (what was typed; files are never kept). */
export const DebugValue = z.object({
  envId: z.string().max(64).default(''),
  method: z.string().max(16).default('GET'),
  url: z.string().max(4096).default(''),
  useProxy: z.boolean().default(false),
  pathParams: z
    .array(z.tuple([z.string(), z.string()]))
    .max(500)
    .default([]),
  queryParams: z
    .array(z.tuple([z.string(), z.string(), z.boolean()]))
    .max(500)
    .default([]),
  headers: z
    .array(z.tuple([z.string(), z.string(), z.boolean()]))
    .max(500)
    .default([]),
  bodyKind: z.enum(['none', 'json', 'form', 'multipart', 'xml', 'raw']).default('none'),
  bodyText: z.string().default(''),
  formFields: z
    .array(z.object({ name: z.string(), value: z.string(), file: z.boolean(), enabled: z.boolean() }))
    .max(500)
    .default([]),
  sentAt: z.string().max(40).default(''),
});
export type DebugValue = z.infer<typeof DebugValue>;

/** `GET /api/doc/debug/value?docId=`: the last values and the short history, newest first. */
export const DebugValues = z.object({ last: DebugValue.nullable(), history: z.array(DebugValue) });
export type DebugValues = z.infer<typeof DebugValues>;

/** `POST /api/doc/debug/value/save`. */
export const DebugValueSaveRequest = z.object({ docId: EntityId, value: DebugValue });
export type DebugValueSaveRequest = z.input<typeof DebugValueSaveRequest>;

/** Torna's script types and scopes. */
export const ScriptType = { pre: 0, post: 1 } as const;
export const ScriptScope = { doc: 0, module: 1, project: 2 } as const;

/** A pre or post script, as Torna's list answers it. */
export const DebugScript = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  content: z.string(),
  type: z.number().int(),
  scope: z.number().int(),
  enabled: z.boolean(),
  refId: z.string(),
  creatorName: z.string(),
  gmtCreate: z.string(),
});
export type DebugScript = z.infer<typeof DebugScript>;

const ScriptFields = {
  name: requiredText(DebugLimits.scriptNameMax),
  description: z
    .string()
    .max(DebugLimits.descriptionMax, { error: `${V.max}|${DebugLimits.descriptionMax}` })
    .default(''),
  content: z
    .string()
    .max(DebugLimits.scriptMaxChars, { error: `${V.max}|${DebugLimits.scriptMaxChars}` })
    .default(''),
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid })),
  scope: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: V.invalid })),
  enabled: Flag.default(true),
};

/** `GET /api/doc/debugscript/list?docId=`: the scripts of the doc, its application and its project. */
export const DebugScriptListQuery = z.object({ docId: EntityId });

/** `POST /api/doc/debugscript/add`: the scope's ref id is derived from `docId`. */
export const DebugScriptAddRequest = z.object({ docId: EntityId, ...ScriptFields });
export type DebugScriptAddRequest = z.input<typeof DebugScriptAddRequest>;

/** `POST /api/doc/debugscript/update`: every field again; the ref id is recomputed from `docId`. */
export const DebugScriptUpdateRequest = z.object({ id: EntityId, docId: EntityId, ...ScriptFields });
export type DebugScriptUpdateRequest = z.input<typeof DebugScriptUpdateRequest>;

/** `POST /api/doc/debugscript/update-v2`: a partial update (switching a script on or off). */
export const DebugScriptPatchRequest = z.object({
  id: EntityId,
  name: ScriptFields.name.optional(),
  description: ScriptFields.description.unwrap().optional(),
  content: ScriptFields.content.unwrap().optional(),
  enabled: Flag.optional(),
});
export type DebugScriptPatchRequest = z.input<typeof DebugScriptPatchRequest>;

/** `GET|POST /api/admin/setting/debugProxy`: hosts the proxy may reach besides the environments. */
export const DebugProxySetting = z.object({
  hosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.*:[\]-]+$/, { error: V.invalid })
        .max(255),
    )
    .max(DebugLimits.hostsMax),
});
export type DebugProxySetting = z.infer<typeof DebugProxySetting>;

export const docDebugValue = defineCall({
  method: 'GET',
  path: '/api/doc/debug/value',
  query: DebugDocQuery,
  response: DebugValues,
  access: 'user',
});

export const docDebugValueSave = defineCall({
  method: 'POST',
  path: '/api/doc/debug/value/save',
  body: DebugValueSaveRequest,
  response: DebugValues,
  access: 'user',
});

export const docDebugscriptAdd = defineCall({
  method: 'POST',
  path: '/api/doc/debugscript/add',
  body: DebugScriptAddRequest,
  response: DebugScript,
  access: 'user',
});

export const docDebugscriptUpdate = defineCall({
  method: 'POST',
  path: '/api/doc/debugscript/update',
  body: DebugScriptUpdateRequest,
  response: Empty,
  access: 'user',
});

export const docDebugscriptUpdateV2 = defineCall({
  method: 'POST',
  path: '/api/doc/debugscript/update-v2',
  body: DebugScriptPatchRequest,
  response: Empty,
  access: 'user',
});

export const docDebugscriptDelete = defineCall({
  method: 'POST',
  path: '/api/doc/debugscript/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const adminSettingDebugProxyGet = defineCall({
  method: 'GET',
  path: '/api/admin/setting/debugProxy',
  response: DebugProxySetting,
  access: 'superAdmin',
});

export const adminSettingDebugProxySave = defineCall({
  method: 'POST',
  path: '/api/admin/setting/debugProxy',
  body: DebugProxySetting,
  response: DebugProxySetting,
  access: 'superAdmin',
});

// 'optional': visitors of a share or composed project that offers debugging use these too; the server
// checks their visitor session, and refuses anyone else as not logged in.
export const docDebugConfig = defineCall({
  method: 'GET',
  path: '/api/doc/debug/config',
  query: DebugDocQuery,
  response: DebugConfig,
  access: 'optional',
});

export const docDebugscriptList = defineCall({
  method: 'GET',
  path: '/api/doc/debugscript/list',
  query: DebugScriptListQuery,
  response: z.array(DebugScript),
  access: 'optional',
});
