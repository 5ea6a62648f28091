import { z } from 'zod';
import {
  ARRAY_ELEMENT_TYPES,
  DOC_TYPES,
  type DocType,
  HTTP_METHODS,
  type HttpMethod,
  DocLimits as L,
  ModelMessages as M,
  NOT_DEPRECATED,
} from './constants.ts';
import { flag, line, requiredLine, text } from './fields.ts';
import { DubboInfoSchema, ErrorCodeListSchema, ParamListSchema } from './param.ts';

/**
 * The version of the stored document. Bump it when the shape changes and add a step to `migrate-api-doc.ts`
 * that brings the previous version forward; stored docs and revision snapshots are read through it.
 */
export const API_DOC_VERSION = 1;

/** A doc kind: HTTP 0, Dubbo 1, custom 2, Markdown 3 (numbers or numeric strings). */
const DocTypeSchema = z.coerce
  .number({ error: M.invalid })
  .int({ error: M.invalid })
  .min(0, { error: M.invalid })
  .max(DOC_TYPES.length - 1, { error: M.invalid })
  .transform((value) => value as DocType);

const HttpMethodSchema = z
  .string({ error: M.invalid })
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.union([z.enum(HTTP_METHODS), z.literal('')], { error: M.invalid }));

const ArrayTypeSchema = z
  .string({ error: M.invalid })
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(ARRAY_ELEMENT_TYPES, { error: M.invalid }));

/** `deprecated`: Torna's `$false$` for "not deprecated", else the reason; empty means not deprecated. */
const DeprecatedSchema = line(L.deprecatedMax).transform((value) => value || NOT_DEPRECATED);

/**
 * The fields of a doc's document, under Torna's wire names. Clients may omit any but `name`; they get the
 * defaults of a new doc. Reused by the save call of `@quire/shared`.
 */
export const ApiDocFields = {
  name: requiredLine(L.nameMax),
  type: DocTypeSchema.default(0),
  url: line(L.urlMax).default(''),
  httpMethod: HttpMethodSchema.default('GET'),
  contentType: line(L.contentTypeMax).default(''),
  /** HTML for HTTP, Dubbo and custom docs (sanitized by the server), the Markdown text of Markdown docs. */
  description: text(L.descriptionMax).default(''),
  author: line(L.authorMax).default(''),
  deprecated: DeprecatedSchema.default(NOT_DEPRECATED),
  isShow: flag.default(true),
  isUseGlobalHeaders: flag.default(true),
  isUseGlobalParams: flag.default(true),
  isUseGlobalReturns: flag.default(true),
  isRequestArray: flag.default(false),
  isResponseArray: flag.default(false),
  requestArrayType: ArrayTypeSchema.default('object'),
  responseArrayType: ArrayTypeSchema.default('object'),
  pathParams: ParamListSchema.default([]),
  headerParams: ParamListSchema.default([]),
  queryParams: ParamListSchema.default([]),
  requestParams: ParamListSchema.default([]),
  responseParams: ParamListSchema.default([]),
  errorCodeParams: ErrorCodeListSchema.default([]),
  dubboInfo: DubboInfoSchema.nullable().default(null),
};

/** The document of one doc (or folder) as stored and as revisions snapshot it. */
export const ApiDocSchema = z.object({ v: z.literal(API_DOC_VERSION), ...ApiDocFields });
export type ApiDoc = z.output<typeof ApiDocSchema>;
export type ApiDocInput = z.input<typeof ApiDocSchema>;

/** The fields of a doc that are compared and shown as they are (everything but the tables and Dubbo info). */
export const DOC_SCALAR_FIELDS = [
  'name',
  'type',
  'url',
  'httpMethod',
  'contentType',
  'description',
  'author',
  'deprecated',
  'isShow',
  'isUseGlobalHeaders',
  'isUseGlobalParams',
  'isUseGlobalReturns',
  'isRequestArray',
  'isResponseArray',
  'requestArrayType',
  'responseArrayType',
] as const satisfies ReadonlyArray<keyof ApiDoc>;
export type DocScalarField = (typeof DOC_SCALAR_FIELDS)[number];

/** A new document with every default, named `name`. */
export function newApiDoc(name: string, overrides: Partial<Omit<ApiDocInput, 'v'>> = {}): ApiDoc {
  return ApiDocSchema.parse({ ...overrides, v: API_DOC_VERSION, name });
}

/** True when a doc's method is a real HTTP method (HTTP docs need one). */
export function isHttpMethod(value: string): value is HttpMethod {
  return (HTTP_METHODS as ReadonlyArray<string>).includes(value);
}
