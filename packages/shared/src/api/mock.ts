import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { mockHeaderProblem } from './mock-headers.ts';
import { EntityId, IdRequest } from './spaces.ts';

/**
 * Where an application's mocks answer (its mock base): every doc of the application at its own method and
 * path under `/mock/m/<moduleId>`. Module ids are random (16 letters and digits), and only the application's
 * own docs answer there, so no other application can change what this base answers.
 */
export const MOCK_APP_PREFIX = '/mock/m/';

/** The mock base path of an application (absolute with QUIRE_MOCK_ORIGIN: the server answers it whole). */
export function mockBasePath(moduleId: string): string {
  return `${MOCK_APP_PREFIX}${moduleId}`;
}

/** Limits of a mock configuration (Torna's column sizes where it has them). */
export const MockLimits = {
  nameMax: 128,
  pathMax: 256,
  /** A mock's delay: at most 10 s, and it never holds anything but its own request. */
  delayMax: 10_000,
  bodyMax: 1_000_000,
  scriptMax: 200_000,
  headersMax: 50,
  headerNameMax: 128,
  headerValueMax: 4_000,
  remarkMax: 500,
} as const;

/**
 * What a mock answers with: 0 fixed body (JSON or text), 1 script (JavaScript returning the body or
 * `{status, headers, body}`; Torna's 1), 2 Mock.js template.
 */
export const MOCK_RESULT_TYPES = [0, 1, 2] as const;
export type MockResultType = (typeof MOCK_RESULT_TYPES)[number];

const NameValue = z.object({
  name: z
    .string()
    .trim()
    .max(MockLimits.headerNameMax, { error: `${V.max}|${MockLimits.headerNameMax}` }),
  value: z
    .string()
    .max(MockLimits.headerValueMax, { error: `${V.max}|${MockLimits.headerValueMax}` })
    .default(''),
});
export type MockNameValue = z.infer<typeof NameValue>;

const NameValues = z
  .array(NameValue)
  .max(MockLimits.headersMax, { error: `${V.max}|${MockLimits.headersMax}` })
  .default([])
  .transform((rows) => rows.filter((row) => row.name !== ''));

/** Response headers: the rows of NameValues, each checked against what a mock may send (mock-headers.ts). */
const ResponseHeaders = z
  .array(NameValue)
  .max(MockLimits.headersMax, { error: `${V.max}|${MockLimits.headersMax}` })
  .default([])
  .superRefine((rows, ctx) => {
    rows.forEach((row, index) => {
      const problem = mockHeaderProblem(row.name, row.value);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: problem,
          path: [index, row.name.trim().toLowerCase() === 'content-type' ? 'value' : 'name'],
        });
    });
  })
  .transform((rows) => rows.filter((row) => row.name !== ''));

/** A mock path as typed: leading slashes dropped; may carry `?a=1&b=2`. Empty: reachable by id only. */
export const MockPath = z
  .string()
  .trim()
  .max(MockLimits.pathMax, { error: `${V.max}|${MockLimits.pathMax}` })
  .regex(/^[^\s#]*$/, { error: V.invalid })
  .transform((path) => path.replace(/^\/+/, ''));

/** A mock configuration of a doc, as the Mock tab shows it (Torna's MockConfigVO fields). */
export const MockConfig = z.object({
  id: z.string(),
  docId: z.string(),
  name: z.string(),
  version: z.number().int(),
  /** The generated configuration: its body follows the doc's response params. */
  isDefault: z.boolean(),
  path: z.string(),
  /**
   * Where the configuration answers on its own: `/mock/<path>` when its application holds that legacy path
   * (docs/mock.md), else `/mock/<id>`. Absolute when QUIRE_MOCK_ORIGIN is set, else a path on this server.
   */
  mockUrl: z.string(),
  /** 0: `dataKv` must match the query or form fields; 1: `dataJson` must be contained in the JSON body. */
  requestDataType: z.number().int(),
  dataKv: z.array(NameValue),
  dataJson: z.string(),
  requestHeaders: z.array(NameValue),
  httpStatus: z.number().int(),
  delayMills: z.number().int(),
  responseHeaders: z.array(NameValue),
  resultType: z.number().int(),
  responseBody: z.string(),
  mockScript: z.string(),
  remark: z.string(),
  creatorName: z.string(),
  modifierName: z.string(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type MockConfig = z.infer<typeof MockConfig>;

/** `GET /api/doc/mock/base?moduleId=`: an application's mock base URL. */
export const MockBaseQuery = z.object({ moduleId: EntityId });
export type MockBaseQuery = z.input<typeof MockBaseQuery>;

export const MockBase = z.object({
  moduleId: z.string(),
  /** Absolute when QUIRE_MOCK_ORIGIN is set, else a path on this server (`/mock/m/<moduleId>`). */
  mockBaseUrl: z.string(),
});
export type MockBase = z.infer<typeof MockBase>;

/** `GET /api/doc/mock/list?docId=` and `GET /api/doc/mock/version/next?docId=`. */
export const MockDocQuery = z.object({ docId: EntityId });
export type MockDocQuery = z.input<typeof MockDocQuery>;

const JsonText = z
  .string()
  .max(MockLimits.bodyMax, { error: `${V.max}|${MockLimits.bodyMax}` })
  .default('')
  .refine(
    (text) => {
      if (!text.trim()) return true;
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    },
    { error: V.invalid },
  );

/** The editable fields of a configuration, shared by save and run. */
const MockFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: `${V.requiredMax}|${MockLimits.nameMax}` })
    .max(MockLimits.nameMax, { error: `${V.requiredMax}|${MockLimits.nameMax}` }),
  path: MockPath.default(''),
  requestDataType: z.coerce.number().int().min(0).max(1).default(0),
  dataKv: NameValues,
  /** A JSON object the request body must contain (deep subset). */
  dataJson: JsonText,
  requestHeaders: NameValues,
  httpStatus: z.coerce
    .number()
    .int()
    .min(100, { error: V.invalid })
    .max(599, { error: V.invalid })
    .default(200),
  delayMills: z.coerce
    .number()
    .int()
    .min(0, { error: V.invalid })
    .max(MockLimits.delayMax, { error: `${V.max}|${MockLimits.delayMax}` })
    .default(0),
  responseHeaders: ResponseHeaders,
  resultType: z.coerce
    .number()
    .int()
    .refine((n) => (MOCK_RESULT_TYPES as readonly number[]).includes(n), { error: V.invalid })
    .default(0),
  responseBody: z
    .string()
    .max(MockLimits.bodyMax, { error: `${V.max}|${MockLimits.bodyMax}` })
    .default(''),
  mockScript: z
    .string()
    .max(MockLimits.scriptMax, { error: `${V.max}|${MockLimits.scriptMax}` })
    .default(''),
  remark: z
    .string()
    .max(MockLimits.remarkMax, { error: `${V.max}|${MockLimits.remarkMax}` })
    .default(''),
});

/** `POST /api/doc/mock/save`: creates when `id` is absent or unknown to the doc, else updates. */
export const MockSaveRequest = MockFields.extend({
  id: z.string().max(64).optional(),
  docId: EntityId,
  version: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type MockSaveRequest = z.input<typeof MockSaveRequest>;

/** What a save answers (Torna: `{id, name}`). */
export const MockSaved = z.object({ id: z.string(), name: z.string() });
export type MockSaved = z.infer<typeof MockSaved>;

/** `POST /api/doc/mock/run`: what a request would get from this (unsaved) configuration. */
export const MockRunRequest = MockFields.extend({
  docId: EntityId,
  /** The sample request: query or form fields, headers and JSON/text body. */
  sample: z
    .object({
      query: z.record(z.string(), z.string()).default({}),
      headers: z.record(z.string(), z.string()).default({}),
      body: z.string().max(MockLimits.bodyMax).default(''),
    })
    .default({ query: {}, headers: {}, body: '' }),
});
export type MockRunRequest = z.input<typeof MockRunRequest>;

/** The answer the mock would send, with the script's console output. */
export const MockRunResult = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  logs: z.array(z.string()),
  /** Set when the script failed: 'Mock script error' and its message, or a missing return. */
  error: z.string().nullable(),
});
export type MockRunResult = z.infer<typeof MockRunResult>;

export const docMockBase = defineCall({
  method: 'GET',
  path: '/api/doc/mock/base',
  query: MockBaseQuery,
  response: MockBase,
  access: 'user',
});

export const docMockList = defineCall({
  method: 'GET',
  path: '/api/doc/mock/list',
  query: MockDocQuery,
  response: z.array(MockConfig),
  access: 'user',
});

export const docMockVersionNext = defineCall({
  method: 'GET',
  path: '/api/doc/mock/version/next',
  query: MockDocQuery,
  response: z.number().int(),
  access: 'user',
});

export const docMockSave = defineCall({
  method: 'POST',
  path: '/api/doc/mock/save',
  body: MockSaveRequest,
  response: MockSaved,
  access: 'user',
});

export const docMockDelete = defineCall({
  method: 'POST',
  path: '/api/doc/mock/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const docMockRun = defineCall({
  method: 'POST',
  path: '/api/doc/mock/run',
  body: MockRunRequest,
  response: MockRunResult,
  access: 'user',
});
