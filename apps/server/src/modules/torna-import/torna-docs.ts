import {
  API_DOC_VERSION,
  type ApiDoc,
  ApiDocSchema,
  DocLimits,
  HTTP_METHODS,
  NOT_DEPRECATED,
  normalizeParamType,
  type ParamRowInput,
} from '@quire/api-model';
import type { TornaNote, TornaText } from '@quire/shared';
import { note, renderTorna, subject } from './torna-messages.ts';
import { flag, id, int, live, text } from './torna-rows.ts';
import type { TornaRow } from './torna-source.repository.ts';

/*
 * Torna's `doc_info` + `doc_param` (+ the `prop` rows of Dubbo folders) as a document of Quire's doc model.
 * Pure: ids of dictionaries come in resolved, problems go out as warnings.
 */

/** Torna's `doc_param.style`: 0 path, 1 header, 2 body, 3 response, 4 error code, 5 query. */
const STYLE_TABLES = {
  0: 'pathParams',
  1: 'headerParams',
  2: 'requestParams',
  3: 'responseParams',
  5: 'queryParams',
} as const;

export interface DocInputs {
  /** Live param rows of the doc. */
  params: TornaRow[];
  /** Dubbo facts of the doc's folder (or of the folder itself): `prop` rows of type 0. */
  props: TornaRow[];
  /** Torna enum id -> Quire enum id. */
  enumIds: Map<string, string>;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/**
 * Param rows of one style as a tree. A row whose parent is not among the doc's live rows (deleted, or never
 * there) is kept at the top level with a warning rather than lost.
 */
export function paramTree(
  rows: TornaRow[],
  enumIds: Map<string, string>,
  warn: (message: TornaNote) => void,
  where: TornaText,
): ParamRowInput[] {
  const byId = new Map(rows.map((row) => [id(row), row]));
  const children = new Map<string, TornaRow[]>();
  const top: TornaRow[] = [];
  for (const row of rows) {
    const parent = id(row, 'parent_id');
    if (parent && byId.has(parent) && parent !== id(row)) {
      const list = children.get(parent);
      if (list) list.push(row);
      else children.set(parent, [row]);
    } else {
      if (parent) warn(note('note.param_parent_missing', where, text(row, 'name'), parent));
      top.push(row);
    }
  }
  const order = (a: TornaRow, b: TornaRow) =>
    int(a, 'order_index') - int(b, 'order_index') || int(a, 'id') - int(b, 'id');
  const seen = new Set<string>();
  const build = (row: TornaRow, depth: number): ParamRowInput => {
    seen.add(id(row));
    const kids =
      depth < DocLimits.depthMax - 1
        ? (children.get(id(row)) ?? [])
            .filter((kid) => !seen.has(id(kid)))
            .sort(order)
            .map((kid) => build(kid, depth + 1))
        : [];
    const enumId = enumIds.get(id(row, 'enum_id')) ?? '';
    const rawType = text(row, 'type') || (kids.length > 0 ? 'object' : 'string');
    const maxLength = text(row, 'max_length', '-');
    return {
      name: clip(text(row, 'name') || '-', DocLimits.paramNameMax),
      type: enumId && !kids.length ? 'enum' : normalizeParamType(rawType, kids.length > 0),
      required: flag(row, 'required') === 1,
      maxLength: clip(kids.length > 0 ? '' : maxLength || '-', DocLimits.maxLengthMax),
      example: clip(text(row, 'example'), DocLimits.paramExampleMax),
      description: clip(text(row, 'description'), DocLimits.paramDescriptionMax),
      enumId,
      children: kids,
    };
  };
  return top.sort(order).map((row) => build(row, 0));
}

function dubboOf(props: TornaRow[]): ApiDoc['dubboInfo'] {
  const value = (name: string) => clip(text(props.find((p) => text(p, 'name') === name) ?? {}, 'val'), 256);
  const info = {
    interfaceName: value('interfaceName'),
    version: value('version'),
    protocol: value('protocol'),
    author: value('author'),
    dependency: clip(text(props.find((p) => text(p, 'name') === 'dependency') ?? {}, 'val'), 4096),
  };
  return Object.values(info).some(Boolean) ? info : null;
}

/** A row the doc model cannot hold, as a note of the report (the caller leaves the row out and notes why). */
export class TornaRowError extends Error {
  constructor(readonly note: TornaNote) {
    super(renderTorna(note));
  }
}

/**
 * The document of a Torna doc or folder. Throws only a `TornaRowError`, on a row the model cannot hold
 * (reported by the caller).
 */
export function tornaDocToModel(
  row: TornaRow,
  inputs: DocInputs,
  warn: (message: TornaNote) => void,
): ApiDoc {
  const where = subject('subject.doc', id(row), text(row, 'name'));
  const isFolder = flag(row, 'is_folder') === 1;
  const type = Math.min(Math.max(int(row, 'type'), 0), 3);
  const byStyle = new Map<number, TornaRow[]>();
  for (const param of inputs.params) {
    if (!live(param)) continue;
    const style = int(param, 'style');
    const list = byStyle.get(style);
    if (list) list.push(param);
    else byStyle.set(style, [param]);
  }
  const tables: Record<string, ParamRowInput[]> = {};
  for (const [style, table] of Object.entries(STYLE_TABLES))
    tables[table] = paramTree(byStyle.get(Number(style)) ?? [], inputs.enumIds, warn, where);
  const errorCodes = (byStyle.get(4) ?? [])
    .sort((a, b) => int(a, 'order_index') - int(b, 'order_index'))
    .map((code) => ({
      code: clip(text(code, 'name') || '-', DocLimits.paramNameMax),
      description: clip(text(code, 'description'), DocLimits.paramDescriptionMax),
      solution: clip(text(code, 'example'), DocLimits.paramDescriptionMax),
    }));
  const rawMethod = text(row, 'http_method').trim().toUpperCase();
  const httpMethod = (HTTP_METHODS as ReadonlyArray<string>).includes(rawMethod)
    ? rawMethod
    : type === 0 && !isFolder
      ? 'GET'
      : '';
  if (rawMethod && httpMethod !== rawMethod) warn(note('note.method_unknown', where, rawMethod));
  const deprecated = text(row, 'deprecated', NOT_DEPRECATED).trim();
  const arrayType = (column: string) => {
    const value = text(row, column, 'object').toLowerCase();
    return ['string', 'number', 'boolean', 'object', 'array'].includes(value) ? value : 'object';
  };
  const raw = {
    v: API_DOC_VERSION,
    name: clip(text(row, 'name').trim() || text(row, 'url') || `#${id(row)}`, DocLimits.nameMax),
    type,
    url: clip(text(row, 'url'), DocLimits.urlMax),
    httpMethod,
    contentType: clip(text(row, 'content_type'), DocLimits.contentTypeMax),
    description: clip(text(row, 'description'), DocLimits.descriptionMax),
    author: clip(text(row, 'author'), DocLimits.authorMax),
    deprecated:
      deprecated && deprecated !== NOT_DEPRECATED
        ? clip(deprecated, DocLimits.deprecatedMax)
        : NOT_DEPRECATED,
    isShow: flag(row, 'is_show', 1) === 1,
    isUseGlobalHeaders: flag(row, 'is_use_global_headers', 1) === 1,
    isUseGlobalParams: flag(row, 'is_use_global_params', 1) === 1,
    isUseGlobalReturns: flag(row, 'is_use_global_returns', 1) === 1,
    isRequestArray: flag(row, 'is_request_array') === 1,
    isResponseArray: flag(row, 'is_response_array') === 1,
    requestArrayType: arrayType('request_array_type'),
    responseArrayType: arrayType('response_array_type'),
    ...tables,
    errorCodeParams: errorCodes,
    dubboInfo: type === 1 || inputs.props.length > 0 ? dubboOf(inputs.props) : null,
  };
  const parsed = ApiDocSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // The field and zod's own wording of the issue stay as zod gives them: a parser's detail, like an error code.
  throw new TornaRowError(
    note('note.invalid', where, issue?.path.join('.') ?? '', issue?.message ?? 'invalid'),
  );
}
