import { API_DOC_VERSION, type ApiDoc, ApiDocSchema } from '../model/api-doc.ts';
import {
  ARRAY_ELEMENT_TYPES,
  DocLimits,
  DocType,
  HTTP_METHODS,
  ModelMessages,
  NOT_DEPRECATED,
  PARAM_TABLES,
  type ParamTable,
} from '../model/constants.ts';
import type { DubboInfo } from '../model/param.ts';
import { normalizeParamType } from '../model/param-types.ts';
import type { SourceEnum, SourceNode, SourceTree } from '../sync/source-tree.ts';

/**
 * Reads the `data` of Torna's `doc.push` (the wire format in docs/open-api.md) as real clients send it: smart-doc
 * (flags as "1"/"0" strings, nested folders), Torna's Java SDK (bytes), the swagger plugin (controller
 * folders with a `definition`), with unknown fields ignored and Java type names mapped to Quire's types.
 * Unlike Torna, docs sent beside folders at the top are kept.
 */

/**
 * A push that cannot be read: where (`apis.3.items.0.name`) and what: an i18n key (`validation.*` of the model,
 * `push.*` of the open API) with an optional `|limit`.
 */
export class TornaPushError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

/** What a `doc.push` asks for besides the tree. */
export interface TornaPush {
  tree: SourceTree;
  author: string;
  /** `isReplace`, default 1: docs an earlier push created that this one no longer names are removed. */
  isReplace: boolean;
  /** `isOverride`, default 0: 1 = only add and update, never remove (Torna's meaning; hand-written descriptions still stay). */
  isOverride: boolean;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a wire value: strings as sent, numbers and booleans printed, null and absent as "". */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/** A wire flag: 1, "1", true, "true" (any case) are yes; 0, "0", false, "false" no; anything else `fallback`. */
export function wireFlag(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === '1' || v === 'true') return true;
    if (v === '0' || v === 'false') return false;
  }
  return fallback;
}

/** A one-line wire value: control characters (a newline from a Javadoc summary) become spaces, then trimmed. */
export function oneLine(value: unknown): string {
  return wireText(value)
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
}

function wireInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** What a folder passes down: Torna's children inherit a Dubbo folder's kind and facts, and its author. */
interface Inherited {
  type?: DocType | undefined;
  dubboInfo?: DubboInfo | undefined;
  author: string;
}

class Reader {
  readonly enums = new Map<string, SourceEnum>();
  readonly warnings: string[] = [];

  warn(message: string): void {
    if (this.warnings.length < 100) this.warnings.push(message);
  }

  /** Text cut to the model's limit with a warning: one long example must not fail a push of a thousand docs. */
  clip(value: unknown, max: number, where: string): string {
    const text = wireText(value);
    if (text.length <= max) return text;
    this.warn(`${where}: cut to ${max} characters`);
    return text.slice(0, max);
  }

  items(raw: unknown, path: string, inherited: Inherited): SourceNode[] {
    const list = listOf(raw);
    // Sibling order: by orderIndex when every sibling has one (smart-doc, the SDK), else as sent.
    const indexed = list.map((item, i) => ({
      item,
      i,
      order: isObject(item) ? wireInt(item.orderIndex) : undefined,
    }));
    if (indexed.every((entry) => entry.order !== undefined))
      indexed.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.i - b.i);
    const nodes: SourceNode[] = [];
    for (const { item, i } of indexed) {
      const at = `${path}.${i}`;
      if (!isObject(item)) throw new TornaPushError(at, ModelMessages.invalid);
      const node = this.item(item, at, inherited);
      if (node) nodes.push(node);
    }
    return nodes;
  }

  private item(item: Json, path: string, inherited: Inherited): SourceNode | null {
    const hasItems = Array.isArray(item.items) && item.items.length > 0;
    if (wireFlag(item.isFolder, hasItems && !wireText(item.url))) return this.folder(item, path, inherited);
    return this.doc(item, path, inherited);
  }

  private folder(item: Json, path: string, inherited: Inherited): SourceNode {
    const name = oneLine(item.name) || oneLine(item.definition);
    if (!name) throw new TornaPushError(`${path}.name`, ModelMessages.requiredMax.concat('|128'));
    const own = isObject(item.dubboInfo) ? dubboOf(item.dubboInfo) : undefined;
    const dubboInfo = own ?? inherited.dubboInfo;
    const type = wireInt(item.type);
    const description = wireText(item.description).trim() || wireText(item.definition).trim();
    return {
      kind: 'folder',
      name,
      ...(description && description !== name ? { description } : {}),
      ...(own ? { dubboInfo: own } : {}),
      children: this.items(item.items, `${path}.items`, {
        type: dubboInfo
          ? DocType.dubbo
          : type !== undefined && type > 0 && type <= 3
            ? (type as DocType)
            : inherited.type,
        dubboInfo,
        author: oneLine(item.author) || inherited.author,
      }),
    };
  }

  private doc(item: Json, path: string, inherited: Inherited): SourceNode {
    const type = inherited.type ?? wireInt(item.type) ?? DocType.http;
    let url = oneLine(type === DocType.dubbo ? item.definition || item.url : item.url);
    let version = oneLine(item.version);
    const hash = url.indexOf('#');
    if (hash >= 0 && type !== DocType.dubbo) {
      version = version || url.slice(hash + 1);
      url = url.slice(0, hash);
    }
    if (type === DocType.http) url = `/${url.replace(/^https?:\/\/[^/]*/i, '').replace(/^\/+/, '')}`;
    const rawMethod = oneLine(item.httpMethod).toUpperCase();
    let httpMethod: string = rawMethod;
    if (!(HTTP_METHODS as ReadonlyArray<string>).includes(rawMethod)) {
      if (rawMethod) this.warn(`${path}: method "${rawMethod}" is not one Quire knows; GET is used`);
      httpMethod = type === DocType.http ? 'GET' : '';
    }
    const name = oneLine(item.name) || url || `${httpMethod} ${path}`;
    const deprecated = oneLine(item.deprecated);
    const arrayType = (value: unknown) => {
      const v = oneLine(value).toLowerCase();
      return (ARRAY_ELEMENT_TYPES as ReadonlyArray<string>).includes(v) ? v : 'object';
    };
    const links: Record<string, string> = {};
    const tables = {} as Record<ParamTable, unknown[]>;
    for (const table of PARAM_TABLES)
      tables[table] = this.params(item[table], table, `${table}.`, links, path);
    const raw = {
      v: API_DOC_VERSION,
      name: name.slice(0, 128),
      type,
      url,
      httpMethod,
      contentType: oneLine(item.contentType).slice(0, 128),
      description: this.clip(item.description, DocLimits.descriptionMax, `${path}.description`),
      author: oneLine(item.author).slice(0, DocLimits.authorMax) || inherited.author,
      deprecated:
        deprecated && deprecated !== NOT_DEPRECATED
          ? deprecated.slice(0, DocLimits.deprecatedMax)
          : NOT_DEPRECATED,
      isShow: wireFlag(item.isShow, true),
      isRequestArray: wireFlag(item.isRequestArray, false),
      isResponseArray: wireFlag(item.isResponseArray, false),
      requestArrayType: arrayType(item.requestArrayType),
      responseArrayType: arrayType(item.responseArrayType),
      ...tables,
      errorCodeParams: listOf(item.errorCodeParams)
        .filter(isObject)
        .filter((code) => oneLine(code.code ?? code.name))
        .map((code) => ({
          code: oneLine(code.code ?? code.name),
          description: wireText(code.msg ?? code.description),
          solution: wireText(code.solution ?? code.example),
        })),
      dubboInfo:
        type === DocType.dubbo
          ? isObject(item.dubboInfo)
            ? dubboOf(item.dubboInfo)
            : (inherited.dubboInfo ?? null)
          : null,
    };
    const parsed = ApiDocSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TornaPushError(
        [path, ...(issue?.path ?? [])].join('.'),
        issue?.message ?? ModelMessages.invalid,
      );
    }
    const doc: ApiDoc = parsed.data;
    return {
      kind: 'doc',
      doc,
      ...(version && version !== '-' ? { version } : {}),
      ...(Object.keys(links).length > 0 ? { enumLinks: links } : {}),
    };
  }

  /** Param rows with the row shape of the model; `enumInfo` becomes a dictionary linked by its position. */
  private params(
    raw: unknown,
    table: ParamTable,
    at: string,
    links: Record<string, string>,
    docPath: string,
  ): unknown[] {
    const rows: unknown[] = [];
    for (const param of listOf(raw)) {
      if (!isObject(param)) continue;
      const name = oneLine(param.name);
      if (!name) {
        this.warn(`${docPath}.${table}: a parameter without a name was skipped`);
        continue;
      }
      const position = `${at}${rows.length}`;
      const where = `${docPath}.${position}`;
      const children = this.params(param.children, table, `${position}.children.`, links, docPath);
      const maxLength = oneLine(param.maxLength);
      const enumName = this.enumOf(param);
      if (enumName) links[position] = enumName;
      rows.push({
        name: name.slice(0, 100),
        // No type but children (the SDK's Param leaves `type` null when a caller forgets it): a class, not a string.
        type: normalizeParamType(
          oneLine(param.type) || (children.length > 0 ? 'object' : 'string'),
          children.length > 0,
        ),
        required: wireFlag(param.required, false),
        maxLength: children.length > 0 ? '' : !maxLength || maxLength === '0' ? '-' : maxLength.slice(0, 64),
        example: this.clip(param.example, DocLimits.paramExampleMax, `${where}.example`),
        description: this.clip(param.description, DocLimits.paramDescriptionMax, `${where}.description`),
        children,
      });
    }
    return rows;
  }

  /** Registers a param's `enumInfo` as a dictionary (named by its name, else the param's description). */
  private enumOf(param: Json): string | undefined {
    const info = param.enumInfo;
    if (!isObject(info)) return undefined;
    const name = (
      oneLine(info.name) ||
      wireText(param.description)
        .replace(/<[^>]*>/g, '')
        .trim()
    ).slice(0, 128);
    if (!name) return undefined;
    const items = enumItemsOf(info.items);
    const known = this.enums.get(name);
    if (!known || (known.items.length === 0 && items.length > 0))
      this.enums.set(name, { name, description: wireText(info.description), items });
    return name;
  }
}

/** `localhost:8080` -> `http://localhost:8080`: debug environments are often written without a scheme. */
function withScheme(url: string): string {
  return url && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && /^[\w.-]+(:\d+)?(\/|$)/.test(url)
    ? `http://${url}`
    : url;
}

function dubboOf(info: Json): DubboInfo {
  const field = (key: keyof DubboInfo, max: number) => oneLine(info[key]).slice(0, max);
  return {
    interfaceName: field('interfaceName', 256),
    version: field('version', 256),
    protocol: field('protocol', 256),
    author: field('author', 256),
    dependency: wireText(info.dependency).slice(0, 4096),
  };
}

function enumItemsOf(raw: unknown): SourceEnum['items'] {
  return listOf(raw)
    .filter(isObject)
    .map((item) => ({
      name: oneLine(item.name),
      type: oneLine(item.type) || 'string',
      value: wireText(item.value),
      description: wireText(item.description),
    }))
    .filter((item) => item.name);
}

/** Reads `enum.push` / one entry of `enum.batch.push`: `{name, description, items}` (name defaults to the description). */
export function tornaEnumToModel(raw: unknown, path: string): SourceEnum {
  if (!isObject(raw)) throw new TornaPushError(path, ModelMessages.invalid);
  const name = (oneLine(raw.name) || oneLine(raw.description)).slice(0, 128);
  if (!name) throw new TornaPushError(`${path}.name`, `${ModelMessages.requiredMax}|128`);
  return { name, description: wireText(raw.description), items: enumItemsOf(raw.items) };
}

/** Reads the `data` of a `doc.push`. */
export function tornaPushToModel(data: unknown): TornaPush {
  if (!isObject(data)) throw new TornaPushError('data', ModelMessages.invalid);
  // A message of the server's `push` namespace: the most common mistake gets its own words.
  if (!Array.isArray(data.apis)) throw new TornaPushError('apis', 'push.apisList');
  const author = oneLine(data.author).slice(0, 64);
  const reader = new Reader();
  const nodes = reader.items(data.apis, 'apis', { author });
  const environments = listOf(data.debugEnvs)
    .filter(isObject)
    .map((env) => ({ name: oneLine(env.name), url: withScheme(oneLine(env.url)) }))
    .filter((env) => env.name);
  const commonErrorCodes = Array.isArray(data.commonErrorCodes)
    ? data.commonErrorCodes
        .filter(isObject)
        .map((code) => ({
          code: oneLine(code.code),
          description: wireText(code.msg ?? code.description),
          solution: wireText(code.solution),
        }))
        .filter((code) => code.code)
    : undefined;
  return {
    tree: {
      nodes,
      enums: [...reader.enums.values()],
      environments,
      ...(commonErrorCodes ? { commonErrorCodes } : {}),
      warnings: reader.warnings,
    },
    author,
    isReplace: wireFlag(data.isReplace, true),
    isOverride: wireFlag(data.isOverride, false),
  };
}
