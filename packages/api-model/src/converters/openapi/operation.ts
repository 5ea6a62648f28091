/** One OpenAPI operation (Swagger 2 or OpenAPI 3.x) -> one HTTP doc. */
import type { ApiDoc } from '../../model/api-doc.ts';
import { DocLimits, NOT_DEPRECATED } from '../../model/constants.ts';
import type { ErrorCodeRow, ParamRow } from '../../model/param.ts';
import type { SourceDocNode } from '../../sync/source-tree.ts';
import { docNode, docOf } from '../doc-node.ts';
import { markdownToHtml, noteHtml } from '../markdown-html.ts';
import type { Warnings } from '../warnings.ts';
import { type BodyRows, bodyRows } from './body.ts';
import type { EnumCollector } from './enums.ts';
import { valueText } from './enums.ts';
import { fillExamples, mediaExample } from './examples.ts';
import { isObject, type Json, type RefResolver } from './refs.ts';
import { drainRows, REPEAT_MAX, rowOf, type SchemaContext } from './schema-rows.ts';
import { securityRows } from './security.ts';

/** What every operation of one description shares. */
export interface SpecContext {
  spec: Json;
  swagger2: boolean;
  refs: RefResolver;
  enums: EnumCollector;
  warnings: Warnings;
  /** Rows one doc may have (see `rowBudget`); the model's limit when absent. */
  docRows?: number;
}

/**
 * Rows a whole description may produce. The memory and time of an import grow with its rows: an entity graph
 * of 11,000 operations (Microsoft Graph) gives millions of rows at the model's per-doc limit, so a large
 * description shares this budget between its operations, each keeping at least `DOC_ROWS_MIN` (breadth first:
 * the deepest rows go, with a note on the doc and a warning).
 */
export const DESCRIPTION_ROWS = 1_200_000;
export const DOC_ROWS_MIN = 100;

/** The rows one doc of a description with `operations` operations may have. */
export function rowBudget(operations: number): number {
  const most = DocLimits.rowsMax - ROW_MARGIN;
  return Math.min(most, Math.max(DOC_ROWS_MIN, Math.floor(DESCRIPTION_ROWS / Math.max(1, operations))));
}

/** Where an operation sits and what it is. */
export interface OperationInput {
  path: string;
  method: string;
  op: Json;
  pathItem: Json;
  /** Notes about placement (other tags), for the description. */
  notes: string[];
}

// Room kept under the model's row limit for security rows and error codes added after the bodies.
const ROW_MARGIN = 200;

/** Media types in the order a doc prefers them when a body offers several. */
function preferredMedia(types: string[]): string | undefined {
  const json = types.find((t) => /^application\/(.+\+)?json\b/i.test(t));
  return (
    json ??
    types.find((t) => /multipart\/form-data/i.test(t)) ??
    types.find((t) => /x-www-form-urlencoded/i.test(t)) ??
    types[0]
  );
}

/** The first example a parameter or media type gives (`example`, or the first of `examples`). */
function exampleOf(node: Json, refs: RefResolver): string | undefined {
  if (node.example !== undefined) return valueText(node.example).slice(0, DocLimits.paramExampleMax);
  if (node['x-example'] !== undefined)
    return valueText(node['x-example']).slice(0, DocLimits.paramExampleMax);
  if (isObject(node.examples)) {
    const first = Object.values(node.examples)[0];
    const example = refs.resolve(first).node;
    if (example.value !== undefined) return valueText(example.value).slice(0, DocLimits.paramExampleMax);
  }
  return undefined;
}

/** Path-level parameters overridden by the operation's own (same `in` and `name`). */
function parametersOf(input: OperationInput, c: SpecContext): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [input.pathItem.parameters, input.op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const resolved = c.refs.resolve(raw);
      if (resolved.broken) {
        c.warnings.add(`${input.method} ${input.path}: parameter skipped (${resolved.broken})`);
        continue;
      }
      const p = resolved.node;
      byKey.set(`${String(p.in)}\u0000${String(p.name)}`, p);
    }
  }
  return [...byKey.values()];
}

export function operationDoc(input: OperationInput, c: SpecContext): SourceDocNode {
  const { op, method, path } = input;
  const ctx: SchemaContext = {
    refs: c.refs,
    enums: c.enums,
    enumOf: new Map(),
    budget: { left: c.docRows ?? DocLimits.rowsMax - ROW_MARGIN, cut: false },
    queue: [],
    expansions: new Map(),
    repeated: [],
  };
  // Whole-body examples fill rows once every level is built (children are built breadth first).
  const examples: Array<() => void> = [];
  const where = `${method} ${path}`;
  const notes = [...input.notes];
  const tables = {
    pathParams: [] as ParamRow[],
    headerParams: [] as ParamRow[],
    queryParams: [] as ParamRow[],
  };
  const formRows: ParamRow[] = [];
  let body: BodyRows | null = null;
  let contentType = '';
  let hasFile = false;

  for (const p of parametersOf(input, c)) {
    const name = typeof p.name === 'string' ? p.name : '';
    const at = String(p.in);
    if (at === 'body') {
      body = bodyRows(p.schema, ctx);
      contentType = preferredMedia(consumes(op, c)) ?? 'application/json';
      continue;
    }
    const schema = c.swagger2 ? p : (p.schema ?? firstMediaSchema(p.content));
    const extraNotes: string[] = [];
    if (p.deprecated === true) extraNotes.push('deprecated');
    if (at === 'cookie') extraNotes.push('cookie');
    if (p.allowEmptyValue === true) extraNotes.push('may be empty');
    const row = rowOf(
      {
        name,
        schema,
        required: p.required === true || at === 'path',
        description: p.description,
        example: exampleOf(p, c.refs),
        extraNotes,
        depth: 1,
        stack: [],
      },
      ctx,
    );
    if (at === 'path') tables.pathParams.push(row);
    else if (at === 'query') tables.queryParams.push(row);
    else if (at === 'header' || at === 'cookie') tables.headerParams.push(row);
    else if (at === 'formData') {
      if (row.type === 'file' || row.type === 'file[]') hasFile = true;
      formRows.push(row);
    } else c.warnings.add(`${where}: parameter ${name} in "${at}" skipped`);
  }
  if (formRows.length) {
    const types = consumes(op, c);
    contentType =
      hasFile || types.some((t) => /multipart/i.test(t))
        ? 'multipart/form-data'
        : 'application/x-www-form-urlencoded';
    body = { rows: formRows, isArray: false, arrayType: 'object', notes: [] };
  }

  if (!c.swagger2 && op.requestBody !== undefined) {
    const resolved = c.refs.resolve(op.requestBody);
    const content = isObject(resolved.node.content) ? resolved.node.content : {};
    const types = Object.keys(content);
    const primary = preferredMedia(types);
    if (primary) {
      const media = c.refs.resolve(content[primary]).node;
      const rows = bodyRows(media.schema, ctx);
      body = rows;
      examples.push(() => fillExamples(rows.rows, mediaExample(media, c.refs), rows.isArray));
      contentType = primary;
      if (types.length > 1)
        notes.push(`request body also accepts: ${types.filter((t) => t !== primary).join(', ')}`);
      if (typeof resolved.node.description === 'string' && resolved.node.description.trim())
        notes.push(`request body: ${resolved.node.description.trim()}`);
    }
  }

  const security = securityRows(op, c, ctx);
  tables.headerParams.push(
    ...security.header.filter((row) => !tables.headerParams.some((r) => r.name === row.name)),
  );
  tables.queryParams.push(
    ...security.query.filter((row) => !tables.queryParams.some((r) => r.name === row.name)),
  );
  notes.push(...security.notes);

  const responses = responsesOf(op, c, ctx, notes, examples);
  drainRows(ctx);
  for (const fill of examples) fill();
  if (body) notes.push(...body.notes);
  if (ctx.repeated?.length) {
    const names = ctx.repeated.slice(0, 5).join(', ');
    notes.push(`schemas shown by reference after ${REPEAT_MAX} copies: ${names}`);
    c.warnings.add(
      `${where}: ${names} repeated more than ${REPEAT_MAX} times, later copies shown by reference`,
    );
  }
  if (ctx.budget.cut) {
    notes.push(
      `more than ${c.docRows ?? DocLimits.rowsMax - ROW_MARGIN} parameter rows: the rest is not shown`,
    );
    c.warnings.add(`${where}: too many parameter rows, the deepest were cut`);
  }
  if (op.externalDocs && isObject(op.externalDocs) && typeof op.externalDocs.url === 'string')
    notes.push(`see also: ${op.externalDocs.url}`);

  const summary = typeof op.summary === 'string' ? op.summary.trim() : '';
  const operationId = typeof op.operationId === 'string' ? op.operationId : '';
  const name = summary || operationId || `${method} ${path}`;
  const descriptionParts = [
    summary.length > DocLimits.nameMax ? markdownToHtml(summary) : '',
    markdownToHtml(typeof op.description === 'string' ? op.description : ''),
    ...notes.map(noteHtml),
  ].filter(Boolean);

  const doc: ApiDoc = docOf({
    name,
    url: path.slice(0, DocLimits.urlMax),
    httpMethod: method as ApiDoc['httpMethod'],
    contentType: contentType.slice(0, DocLimits.contentTypeMax),
    description: descriptionParts.join('\n'),
    deprecated: op.deprecated === true ? 'Deprecated' : NOT_DEPRECATED,
    pathParams: tables.pathParams,
    headerParams: tables.headerParams,
    queryParams: tables.queryParams,
    requestParams: body?.rows ?? [],
    isRequestArray: body?.isArray ?? false,
    requestArrayType: body?.arrayType ?? 'object',
    responseParams: responses.body?.rows ?? [],
    isResponseArray: responses.body?.isArray ?? false,
    responseArrayType: responses.body?.arrayType ?? 'object',
    errorCodeParams: responses.codes,
  });
  return docNode(doc, ctx.enumOf);
}

function consumes(op: Json, c: SpecContext): string[] {
  const list = Array.isArray(op.consumes) ? op.consumes : c.spec.consumes;
  return Array.isArray(list) ? list.map(String) : [];
}

function firstMediaSchema(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return isObject(first) ? first.schema : undefined;
}

/** The primary 2xx response's body, and every other response as an error code. */
function responsesOf(
  op: Json,
  c: SpecContext,
  ctx: SchemaContext,
  notes: string[],
  examples: Array<() => void>,
): { body: BodyRows | null; codes: ErrorCodeRow[] } {
  const responses = isObject(op.responses) ? op.responses : {};
  const statuses = Object.keys(responses);
  const primary = statuses.filter((s) => /^2/.test(s)).sort()[0];
  let body: BodyRows | null = null;
  const codes: ErrorCodeRow[] = [];
  for (const status of statuses) {
    const response = c.refs.resolve(responses[status]).node;
    const description = typeof response.description === 'string' ? response.description : '';
    if (status === primary) {
      let schema: unknown;
      let example: unknown;
      if (c.swagger2) {
        schema = response.schema;
        const examples = isObject(response.examples) ? response.examples : {};
        const media = preferredMedia(Object.keys(examples));
        if (media) example = examples[media];
      } else if (isObject(response.content)) {
        const types = Object.keys(response.content);
        const media = preferredMedia(types);
        if (media) {
          const node = c.refs.resolve(response.content[media]).node;
          schema = node.schema;
          example = mediaExample(node, c.refs);
        }
        if (types.length > 1) notes.push(`response also as: ${types.filter((t) => t !== media).join(', ')}`);
      }
      if (schema !== undefined) {
        const rows = bodyRows(schema, ctx);
        body = rows;
        examples.push(() => fillExamples(rows.rows, example, rows.isArray));
        notes.push(...rows.notes.map((note) => `response ${note}`));
      }
      if (description.trim()) notes.push(`response ${status}: ${description.trim()}`);
      if (isObject(response.headers) && Object.keys(response.headers).length)
        notes.push(`response headers: ${Object.keys(response.headers).join(', ')}`);
      continue;
    }
    codes.push({
      id: '',
      code: status.slice(0, DocLimits.paramNameMax),
      description: markdownToHtml(description),
      solution: '',
    });
  }
  return { body, codes };
}
