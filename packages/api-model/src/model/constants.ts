/**
 * Domain constants of API docs (docs/documents.md). They live here, in the pure model, and
 * `@quire/shared` re-exports them, so the model, the HTTP contract and the web app name each one once.
 */

/** Parameter types and the base types among them. */
export const PARAM_TYPES = [
  'string',
  'number',
  'boolean',
  'object',
  'array',
  'num_array',
  'str_array',
  'file',
  'file[]',
  'enum',
] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
export const BASE_PARAM_TYPES = ['string', 'number', 'boolean'] as const;

/** Types whose rows hold children (the editor offers "add child" on them). */
export const PARENT_PARAM_TYPES: ReadonlyArray<ParamType> = ['object', 'array'];

/** Parameter styles (which table a parameter row belongs to), as Torna numbers them. */
export const ParamStyle = { path: 0, header: 1, request: 2, response: 3, code: 4 } as const;

/** Doc kinds. */
export const DocType = { http: 0, dubbo: 1, custom: 2, markdown: 3 } as const;
export type DocType = (typeof DocType)[keyof typeof DocType];

/** Narrows a stored or typed doc type (the wire carries a plain integer). */
export function isDocType(value: number): value is DocType {
  return (
    value === DocType.http ||
    value === DocType.dubbo ||
    value === DocType.custom ||
    value === DocType.markdown
  );
}
export const DOC_TYPES = [0, 1, 2, 3] as const;

/** Body content types offered by the editor and the debugger. */
export const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'text/plain',
  '*/*',
] as const;

/** HTTP methods of docs (and of the methods a swagger import may keep). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Element types of a root array body (`requestArrayType`, `responseArrayType`), Torna's values. */
export const ARRAY_ELEMENT_TYPES = ['object', 'number', 'string', 'boolean'] as const;
export type ArrayElementType = (typeof ARRAY_ELEMENT_TYPES)[number];

/** Torna's "not deprecated" marker; any other value is the deprecation note. */
export const NOT_DEPRECATED = '$false$';

/** Defaults of a new parameter row and ordering of new docs. */
export const RowDefaults = { required: 1, maxLength: 64 } as const;
export const Ordering = { initOrder: 10_000, step: 10 } as const;

/** The param tables of a doc, in the order the editor shows them. */
export const PARAM_TABLES = [
  'pathParams',
  'headerParams',
  'queryParams',
  'requestParams',
  'responseParams',
] as const;
export type ParamTable = (typeof PARAM_TABLES)[number];

/**
 * Size limits of a doc. A description holds the whole body of custom and Markdown docs, hence its size; the
 * row limits keep one doc editable in a browser and one save within a few hundred milliseconds.
 */
export const DocLimits = {
  nameMax: 128,
  urlMax: 512,
  authorMax: 64,
  contentTypeMax: 128,
  deprecatedMax: 512,
  remarkMax: 500,
  /** Characters of a doc description (rich text, Markdown): about 2 MB of text. */
  descriptionMax: 2_000_000,
  paramNameMax: 100,
  paramExampleMax: 10_000,
  paramDescriptionMax: 10_000,
  maxLengthMax: 64,
  /** Rows over all param tables and error codes of one doc. */
  rowsMax: 20_000,
  /** Nesting levels of a param tree (children of children ...). */
  depthMax: 32,
  dubboFieldMax: 256,
  enumIdMax: 64,
} as const;

/**
 * i18n keys (namespace `validation`) of the messages the model answers; `|n` carries the `{0}` argument.
 * `@quire/shared` lists them in its `V` table so a missing translation fails a test.
 */
export const ModelMessages = {
  errorContent: 'validation.error_content',
  paramType: 'validation.param_type',
  rootArray: 'validation.root_array',
  jsonSample: 'validation.json_sample',
  paramCycle: 'validation.param_cycle',
  paramParent: 'validation.param_parent',
  paramDepth: 'validation.param_depth',
  rowsMax: 'validation.rows_max',
  max: 'validation.max',
  requiredMax: 'validation.required_max',
  invalid: 'validation.invalid',
  noControl: 'validation.no_control',
} as const;

/** Allowed characters for parameter names: letters, digits, hyphen and underscore. */
export const PARAM_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
