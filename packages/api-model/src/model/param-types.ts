import { PARAM_TYPES, type ParamType } from './constants.ts';

// Names other tools use for our types: Java (smart-doc, Torna SDK), OpenAPI formats, TypeScript.
const NUMBER = [
  'int',
  'integer',
  'long',
  'short',
  'byte',
  'float',
  'double',
  'decimal',
  'bigdecimal',
  'biginteger',
  'int32',
  'int64',
  'number',
];
const STRING = [
  'str',
  'char',
  'character',
  'date',
  'datetime',
  'date-time',
  'localdate',
  'localdatetime',
  'localtime',
  'time',
  'timestamp',
  'uuid',
  'text',
];
const BOOLEAN = ['bool', 'boolean'];
const OBJECT = ['map', 'hashmap', 'json', 'jsonobject', 'dict', 'record'];
const FILE = ['multipartfile', 'binary'];

const ALIASES = new Map<string, ParamType>([
  ...NUMBER.map((name) => [name, 'number'] as const),
  ...STRING.map((name) => [name, 'string'] as const),
  ...BOOLEAN.map((name) => [name, 'boolean'] as const),
  ...OBJECT.map((name) => [name, 'object'] as const),
  ...FILE.map((name) => [name, 'file'] as const),
]);

/** True when `value` is exactly one of the spec's parameter types. */
export function isParamType(value: string): value is ParamType {
  return (PARAM_TYPES as ReadonlyArray<string>).includes(value);
}

/**
 * The closest spec type of a type name another tool wrote (`Integer`, `List<User>`, `String[]`, `int64`).
 * For reading documents written elsewhere; the editor itself only offers the spec's types.
 */
export function normalizeParamType(raw: string, hasChildren = false): ParamType {
  const name = raw
    .trim()
    .toLowerCase()
    .replace(/^java\.(lang|util|math|time)\./, '');
  if (isParamType(name)) return name;
  const alias = ALIASES.get(name);
  if (alias) return alias;
  const element =
    /^(?:list|set|collection|array|arraylist|iterable)\s*<\s*(.+)\s*>$/.exec(name)?.[1] ??
    /^(.+)\[\]$/.exec(name)?.[1];
  if (element !== undefined || ['list', 'set', 'collection', 'arraylist'].includes(name)) {
    // An element type we do not know is a class: its fields are the children.
    const inner = element ? normalizeParamType(element, true) : 'object';
    if (inner === 'number') return 'num_array';
    if (inner === 'string') return 'str_array';
    if (inner === 'file') return 'file[]';
    return 'array';
  }
  if (/^map\s*</.test(name)) return 'object';
  return hasChildren ? 'object' : 'string';
}
