/**
 * Swagger 2.0 and OpenAPI 3.0/3.1 -> a SourceTree (docs/import.md has the mapping). Pure: the caller parses
 * the text (`parseApiText`) and the sync engine merges the tree. References are resolved lazily from the
 * parsed description instead of dereferencing it whole: GitHub's description grows from 13 MB to 73 MB
 * dereferenced, and a circular schema cannot be dereferenced into plain JSON at all.
 */
import { HTTP_METHODS } from '../model/constants.ts';
import type { SourceDocNode, SourceFolder, SourceNode, SourceTree } from '../sync/source-tree.ts';
import { docName } from './doc-node.ts';
import { ImportError } from './import-error.ts';
import { markdownToHtml } from './markdown-html.ts';
import { EnumCollector } from './openapi/enums.ts';
import { type OperationInput, operationDoc, rowBudget, type SpecContext } from './openapi/operation.ts';
import { isObject, type Json, RefResolver } from './openapi/refs.ts';
import { environmentsOf } from './openapi/servers.ts';
import { Warnings } from './warnings.ts';

export interface OpenApiOptions {
  /** Where the description was fetched from: relative `servers` resolve against it. */
  sourceUrl?: string | undefined;
  /** Called after each operation with (done, total), for a job's progress. */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /**
   * Called with each doc as soon as it is converted, with the name of the folder it goes in (null: at the
   * top): an import sends docs on while the rest convert. Its `enumLinks` hold dictionary keys then, named
   * only at the end (`StreamedEnds.names`), which is why a receiver must not keep the node to read them.
   */
  onDoc?: ((node: SourceDocNode, folder: SourceFolder | null) => void) | undefined;
  /** With `onDoc`: called once every doc was converted, before the tree is returned. */
  onEnds?: ((ends: StreamedEnds) => void) | undefined;
  /**
   * Param rows one doc may have, instead of the share of the description's budget (`rowBudget`): two versions
   * compared by `quire diff` are converted with the same budget, so no doc is cut at another depth.
   */
  docRows?: number | undefined;
}

/** What a streamed conversion (`onDoc`) adds at its end: how to read the keys and where folders go. */
export interface StreamedEnds {
  /** Dictionary names by the keys the streamed docs' `enumLinks` hold. */
  names: Record<string, string>;
  /** Every folder that received a doc, in the order the tree lists them (before the docs at the top). */
  folderOrder: string[];
}

/** Which kind of description a parsed value is, or null. */
export function openApiVersion(spec: unknown): 'swagger2' | 'openapi3' | null {
  if (!isObject(spec)) return null;
  if (typeof spec.swagger === 'string' || typeof spec.swagger === 'number') return 'swagger2';
  if (typeof spec.openapi === 'string') return 'openapi3';
  return null;
}

const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The operations of a description that become docs (methods Quire's docs support). */
export function listOperations(
  spec: Json,
): Array<{ path: string; method: string; op: Json; pathItem: Json }> {
  const out: Array<{ path: string; method: string; op: Json; pathItem: Json }> = [];
  const paths = isObject(spec.paths) ? spec.paths : {};
  const refs = new RefResolver(spec);
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = refs.resolve(rawItem).node;
    for (const key of OPERATION_KEYS) {
      const op = pathItem[key];
      if (!isObject(op)) continue;
      const method = key.toUpperCase();
      if ((HTTP_METHODS as ReadonlyArray<string>).includes(method)) out.push({ path, method, op, pathItem });
    }
  }
  return out;
}

export function openApiToModel(spec: unknown, options: OpenApiOptions = {}): SourceTree {
  const steps = convert(spec, options);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * The same conversion, giving the event loop a turn every few operations: a server converting GitHub's 1,200
 * operations (about a second of work) keeps answering requests meanwhile.
 */
export async function openApiToModelAsync(spec: unknown, options: OpenApiOptions = {}): Promise<SourceTree> {
  const steps = convert(spec, options);
  for (let step = steps.next(), n = 0; ; step = steps.next(), n++) {
    if (step.done) return step.value;
    if (n % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The conversion one operation per step, for a caller that does something between steps (an import's worker
 * sends the docs converted so far, `onDoc`, and waits when the receiver is behind).
 */
export function* openApiSteps(spec: unknown, options: OpenApiOptions = {}): Generator<void, SourceTree> {
  return yield* convert(spec, options);
}

function* convert(spec: unknown, options: OpenApiOptions): Generator<void, SourceTree> {
  const kind = openApiVersion(spec);
  if (!kind || !isObject(spec))
    throw new ImportError(
      'not_api',
      'not a Swagger or OpenAPI description (no "swagger" or "openapi" field)',
    );
  const version = String(kind === 'swagger2' ? spec.swagger : spec.openapi);
  if (kind === 'swagger2' ? version !== '2.0' : !/^3\.\d/.test(version))
    throw new ImportError('unsupported_version', `unsupported version ${version}`, version);
  if (spec.paths !== undefined && !isObject(spec.paths))
    throw new ImportError('not_api', '"paths" is not an object');

  const warnings = new Warnings();
  const c: SpecContext = {
    spec,
    swagger2: kind === 'swagger2',
    refs: new RefResolver(spec),
    enums: new EnumCollector(),
    warnings,
  };
  const operations = listOperations(spec);
  c.docRows = options.docRows ?? rowBudget(operations.length);
  for (const [path, item] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    const resolved = c.refs.resolve(item);
    if (resolved.broken)
      warnings.add(`${path}: skipped, its path item could not be read (${resolved.broken})`);
    if (isObject(resolved.node.trace)) warnings.add(`TRACE ${path}: TRACE is not a doc method, skipped`);
  }
  if (isObject(spec.webhooks) && Object.keys(spec.webhooks).length)
    warnings.add(`${Object.keys(spec.webhooks).length} webhooks are not imported (only paths are)`);

  // Folders in the order the description lists its tags, then in order of first use.
  const folders = new Map<string, SourceFolder>();
  const tagList = Array.isArray(spec.tags) ? spec.tags.filter(isObject) : [];
  const descriptions = new Map<string, string>();
  for (const tag of tagList) {
    if (typeof tag.name !== 'string') continue;
    descriptions.set(tag.name, typeof tag.description === 'string' ? tag.description : '');
  }
  const folderOf = (tag: string): SourceFolder => {
    const name = docName(tag);
    let folder = folders.get(name);
    if (!folder) {
      folder = {
        kind: 'folder',
        name,
        description: markdownToHtml(descriptions.get(tag) ?? ''),
        children: [],
      };
      folders.set(name, folder);
    }
    return folder;
  };
  for (const tag of descriptions.keys()) folderOf(tag);
  const used = new Set<string>();
  const root: SourceNode[] = [];

  for (const [index, operation] of operations.entries()) {
    const tags = Array.isArray(operation.op.tags)
      ? operation.op.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '')
      : [];
    const notes: string[] = [];
    if (tags.length > 1) notes.push(`also tagged ${tags.slice(1).join(', ')}; shown under ${tags[0]} only`);
    const input: OperationInput = { ...operation, notes };
    const node = operationDoc(input, c);
    const first = tags[0];
    if (first) {
      const folder = folderOf(first);
      used.add(folder.name);
      folder.children.push(node);
      options.onDoc?.(node, folder);
    } else {
      root.push(node);
      options.onDoc?.(node, null);
    }
    options.onProgress?.(index + 1, operations.length);
    yield;
  }

  for (const ref of c.refs.unresolved)
    warnings.add(`reference ${ref} could not be resolved (only local references are read)`);
  const usedFolders = [...folders.values()].filter((f) => used.has(f.name));
  const nodes: SourceNode[] = [...usedFolders, ...root];
  c.enums.finish();
  options.onEnds?.({ names: c.enums.allNames(), folderOrder: usedFolders.map((f) => f.name) });
  c.enums.relink(nodes);
  return {
    nodes,
    enums: c.enums.list(),
    environments: environmentsOf(spec, c.swagger2, warnings, options.sourceUrl),
    warnings: warnings.list(),
  };
}
