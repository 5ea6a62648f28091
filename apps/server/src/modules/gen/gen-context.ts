/**
 * What a code template sees (documented on the template editor's page and in docs/code-generation.md):
 * - `doc`: name, description (plain text), url, urlTemplate (`/users/${id}`), httpMethod, contentType,
 *   author, functionName (camelCase), requestTypeName, responseTypeName, isRequestArray, isResponseArray,
 *   pathParams, headerParams, queryParams, requestParams, responseParams (trees of fields), requestExample,
 *   responseExample (JSON text);
 * - `requestTypes`, `responseTypes`: every object of the bodies as `{name, description, fields}`, the body
 *   itself first, nested objects after, so a template writes one class per entry without recursion;
 * - a field: name, type (the doc model's), typeName (the class name of an object or array field), required,
 *   maxLength, example, description (plain text), enumValues, children.
 * Filters: `camel_case`, `pascal_case`, `snake_case`, `kebab_case`, and `type: "<lang>"` on a field
 * (ts, java, kotlin, go, python, csharp).
 */
import { type ApiDoc, exampleObject, type ParamRow, plainText, typeNameOf } from '@quire/api-model';

export interface GenField {
  name: string;
  type: string;
  typeName: string;
  required: boolean;
  maxLength: string;
  example: string;
  description: string;
  enumValues: string[];
  children: GenField[];
}

export interface GenType {
  name: string;
  description: string;
  fields: GenField[];
}

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const cases = {
  camel_case: (text: string) =>
    words(String(text ?? ''))
      .map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
      .join(''),
  pascal_case: (text: string) =>
    words(String(text ?? ''))
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
      .join(''),
  snake_case: (text: string) =>
    words(String(text ?? ''))
      .map((w) => w.toLowerCase())
      .join('_'),
  kebab_case: (text: string) =>
    words(String(text ?? ''))
      .map((w) => w.toLowerCase())
      .join('-'),
};

export const GEN_LANGUAGES = ['ts', 'java', 'kotlin', 'go', 'python', 'csharp'] as const;
type Lang = (typeof GEN_LANGUAGES)[number];

/** Per language: string, number, boolean, file, enum, and how a list of T is written. */
const TYPES: Record<Lang, { base: Record<string, string>; list: (t: string) => string }> = {
  ts: {
    base: { string: 'string', number: 'number', boolean: 'boolean', file: 'File', enum: 'string' },
    list: (t) => `${t}[]`,
  },
  java: {
    base: { string: 'String', number: 'Double', boolean: 'Boolean', file: 'MultipartFile', enum: 'String' },
    list: (t) => `List<${t}>`,
  },
  kotlin: {
    base: { string: 'String', number: 'Double', boolean: 'Boolean', file: 'ByteArray', enum: 'String' },
    list: (t) => `List<${t}>`,
  },
  go: {
    base: { string: 'string', number: 'float64', boolean: 'bool', file: '[]byte', enum: 'string' },
    list: (t) => `[]${t}`,
  },
  python: {
    base: { string: 'str', number: 'float', boolean: 'bool', file: 'bytes', enum: 'str' },
    list: (t) => `list[${t}]`,
  },
  csharp: {
    base: { string: 'string', number: 'double', boolean: 'bool', file: 'byte[]', enum: 'string' },
    list: (t) => `List<${t}>`,
  },
};

/** The `type` filter: a field's type in a language. */
export function typeIn(field: unknown, lang: unknown): string {
  const language = String(lang) as Lang;
  const table = TYPES[language];
  if (!table) throw new Error(`type: unknown language "${String(lang)}" (${GEN_LANGUAGES.join(', ')})`);
  const f = (field && typeof field === 'object' ? field : {}) as Partial<GenField>;
  const base = table.base;
  switch (f.type) {
    case 'object':
      return f.typeName || 'Object';
    case 'array':
      return table.list(f.typeName || 'Object');
    case 'num_array':
      return table.list(base.number ?? 'number');
    case 'str_array':
      return table.list(base.string ?? 'string');
    case 'file[]':
      return table.list(base.file ?? 'file');
    default:
      return base[f.type ?? 'string'] ?? base.string ?? 'string';
  }
}

function fieldsOf(rows: ReadonlyArray<ParamRow>): GenField[] {
  return rows.map((row) => ({
    name: row.name,
    type: row.type,
    typeName: row.type === 'object' || row.type === 'array' ? cases.pascal_case(row.name) || 'Item' : '',
    required: row.required,
    maxLength: row.maxLength,
    example: row.example,
    description: plainText(row.description),
    enumValues: row.enumContent
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
    children: fieldsOf(row.children),
  }));
}

/** The body's object and every nested object, breadth first; equal class names get a number. */
function typesOf(rootName: string, description: string, fields: GenField[]): GenType[] {
  if (!fields.length) return [];
  const out: GenType[] = [{ name: rootName, description, fields }];
  const taken = new Set([rootName]);
  for (let i = 0; i < out.length; i++) {
    for (const field of out[i]?.fields ?? []) {
      if (!field.children.length || !field.typeName) continue;
      let name = field.typeName;
      for (let n = 2; taken.has(name); n++) name = `${field.typeName}${n}`;
      taken.add(name);
      field.typeName = name;
      out.push({ name, description: field.description, fields: field.children });
    }
  }
  return out;
}

function example(rows: ReadonlyArray<ParamRow>, isArray: boolean): string {
  if (!rows.length) return '';
  const toExample = (r: ParamRow): Parameters<typeof exampleObject>[0][number] => ({
    name: r.name,
    type: r.type,
    example: r.example,
    enumContent: r.enumContent,
    children: r.children.map(toExample),
  });
  const value = exampleObject(rows.map(toExample));
  return JSON.stringify(isArray ? [value] : value, null, 2);
}

/** The render context of a doc. */
export function genContext(doc: ApiDoc) {
  const url = doc.url.split('#')[0] ?? '';
  const base = typeNameOf(doc.name, url);
  const requestFields = fieldsOf(doc.requestParams);
  const responseFields = fieldsOf(doc.responseParams);
  const description = plainText(doc.description);
  return {
    doc: {
      name: doc.name,
      description,
      url,
      urlTemplate: url.replace(/\{([^}]+)\}/g, (_, name: string) => `\${${cases.camel_case(name)}}`),
      httpMethod: doc.httpMethod,
      contentType: doc.contentType,
      author: doc.author,
      functionName: cases.camel_case(base) || 'callApi',
      requestTypeName: `${base}Request`,
      responseTypeName: `${base}Response`,
      isRequestArray: doc.isRequestArray,
      isResponseArray: doc.isResponseArray,
      pathParams: fieldsOf(doc.pathParams),
      headerParams: fieldsOf(doc.headerParams),
      queryParams: fieldsOf(doc.queryParams),
      requestParams: requestFields,
      responseParams: responseFields,
      requestExample: example(doc.requestParams, doc.isRequestArray),
      responseExample: example(doc.responseParams, doc.isResponseArray),
    },
    requestTypes: typesOf(`${base}Request`, description, requestFields),
    responseTypes: typesOf(`${base}Response`, description, responseFields),
  };
}
