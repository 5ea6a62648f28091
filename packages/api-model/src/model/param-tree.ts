/**
 * Param tree utilities. Every walk is iterative: trees come from imports and pushes, and a hostile depth must
 * not exhaust the stack.
 */
import { DocLimits, ModelMessages as M } from './constants.ts';
import { limitMessage } from './fields.ts';
import type { ParamRow, ParsedParamRow } from './param.ts';

/** Where a problem is, as zod paths are: keys and array indexes from the list down to the field. */
export type IssuePath = Array<string | number>;

/** A problem found in a doc, with an i18n message key (`key|arg`). */
export interface ModelIssue {
  path: IssuePath;
  message: string;
}

/** A row of the flat form: no children, the parent's id instead ("" at top level). */
export type FlatParamRow = Omit<ParamRow, 'children'> & { parentId: string };

/** The result of assembling a tree. */
export type TreeResult = { ok: true; rows: ParamRow[] } | { ok: false; issues: ModelIssue[] };

interface Node {
  row: ParsedParamRow;
  /** Index of the parent node, -1 at top level (after linking, the flat form's parent too). */
  parent: number;
  /** Index of the row that nests this one, -1 at top level; with `index`, rebuilds the row's path. */
  nestParent: number;
  /** Position among the nesting parent's children (or in the list). */
  index: number;
  nested: boolean;
}

/** Lists rows in pre-order with their nesting parents. */
function preOrder(rows: ReadonlyArray<ParsedParamRow>): Node[] {
  const nodes: Node[] = [];
  const stack: Node[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row) stack.push({ row, parent: -1, nestParent: -1, index: i, nested: false });
  }
  for (let node = stack.pop(); node; node = stack.pop()) {
    const at = nodes.length;
    nodes.push(node);
    const children = node.row.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ row: child, parent: at, nestParent: at, index: i, nested: true });
    }
  }
  return nodes;
}

/** The path of a node below its list, built only for the rows an issue names. */
function nodePath(nodes: ReadonlyArray<Node>, at: number): IssuePath {
  const path: IssuePath = [];
  for (let node = nodes[at]; node; node = nodes[node.nestParent]) {
    path.unshift(node.index);
    if (node.nestParent >= 0) path.unshift('children');
  }
  return path;
}

/** Points top-level rows that name a `parentId` at that row; unknown parents become issues. */
function linkFlatParents(nodes: Node[], issues: ModelIssue[]): void {
  const byId = new Map<string, number>();
  nodes.forEach((node, index) => {
    if (node.row.id && !byId.has(node.row.id)) byId.set(node.row.id, index);
  });
  nodes.forEach((node, at) => {
    if (node.nested || !node.row.parentId) return;
    const target = byId.get(node.row.parentId);
    if (target === undefined)
      issues.push({ path: [...nodePath(nodes, at), 'parentId'], message: M.paramParent });
    else node.parent = target;
  });
}

/** Marks every row that is its own ancestor; answers whether any was found. */
function reportCycles(nodes: Node[], issues: ModelIssue[]): boolean {
  const state = new Uint8Array(nodes.length); // 0 new, 1 on the current chain, 2 known to reach the top
  let found = false;
  for (let start = 0; start < nodes.length; start++) {
    const chain: number[] = [];
    let at = start;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      chain.push(at);
      at = nodes[at]?.parent ?? -1;
    }
    if (at >= 0 && state[at] === 1) {
      found = true;
      issues.push({ path: [...nodePath(nodes, at), 'parentId'], message: M.paramCycle });
    }
    for (const index of chain) state[index] = 2;
  }
  return found;
}

/** Memoised per-node value computed from the parent's (depth, deletion); no cycles may remain. */
function fromParents<T>(nodes: Node[], top: (node: Node) => T, next: (parent: T, node: Node) => T): T[] {
  const out: Array<T | undefined> = new Array(nodes.length);
  for (let start = 0; start < nodes.length; start++) {
    const chain: number[] = [];
    let at = start;
    while (at >= 0 && out[at] === undefined) {
      chain.push(at);
      at = nodes[at]?.parent ?? -1;
    }
    let value = at >= 0 ? (out[at] as T) : undefined;
    for (let i = chain.length - 1; i >= 0; i--) {
      const index = chain[i] as number;
      const node = nodes[index] as Node;
      value = value === undefined ? top(node) : next(value, node);
      out[index] = value;
    }
  }
  return out as T[];
}

/**
 * Assembles parsed rows into a tree: children nest, top-level rows with a `parentId` move under that row,
 * rows marked `isDeleted` are dropped with their children. Refuses unknown parents, cycles and depth past
 * the limit.
 */
export function buildParamTree(rows: ReadonlyArray<ParsedParamRow>): TreeResult {
  const nodes = preOrder(rows);
  const issues: ModelIssue[] = [];
  linkFlatParents(nodes, issues);
  if (reportCycles(nodes, issues) || issues.length) return { ok: false, issues };
  const depth = fromParents(
    nodes,
    () => 1,
    (parent) => parent + 1,
  );
  const deleted = fromParents(
    nodes,
    (node) => node.row.isDeleted,
    (parent, node) => parent || node.row.isDeleted,
  );
  const built: ParamRow[] = [];
  const roots: ParamRow[] = [];
  for (let at = 0; at < nodes.length; at++) {
    if ((depth[at] ?? 0) > DocLimits.depthMax && !deleted[at]) {
      return {
        ok: false,
        issues: [{ path: nodePath(nodes, at), message: limitMessage(M.paramDepth, DocLimits.depthMax) }],
      };
    }
  }
  nodes.forEach((node, at) => {
    if (deleted[at]) return;
    const r = node.row;
    // Spelled out (not a rest spread): this runs once per row of every save.
    const row: ParamRow = {
      id: r.id,
      name: r.name,
      type: r.type,
      required: r.required,
      maxLength: r.maxLength,
      example: r.example,
      description: r.description,
      enumId: r.enumId,
      enumContent: r.enumContent,
      children: [],
    };
    built[at] = row;
  });
  // Linked in a second pass: a flat row may name a parent that comes after it.
  nodes.forEach((node, at) => {
    const row = built[at];
    if (!row) return;
    if (node.parent < 0) roots.push(row);
    else built[node.parent]?.children.push(row);
  });
  return { ok: true, rows: roots };
}

interface WalkItem {
  row: ParamRow;
  depth: number;
  index: number;
  up: WalkItem | null;
}

/** The path of a walked row, built only when asked for (most walks never need it). */
function pathOf(item: WalkItem): IssuePath {
  const path: IssuePath = [];
  for (let at: WalkItem | null = item; at; at = at.up) {
    path.unshift(at.index);
    if (at.up) path.unshift('children');
  }
  return path;
}

/** Visits every row in pre-order with its depth (1 at top level), parent and path below the list. */
export function walkParams(
  rows: ReadonlyArray<ParamRow>,
  visit: (row: ParamRow, depth: number, parent: ParamRow | null, path: () => IssuePath) => void,
): void {
  const stack: WalkItem[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row) stack.push({ row, depth: 1, index: i, up: null });
  }
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item;
    visit(current.row, current.depth, current.up?.row ?? null, () => pathOf(current));
    for (let i = current.row.children.length - 1; i >= 0; i--) {
      const child = current.row.children[i];
      if (child) stack.push({ row: child, depth: current.depth + 1, index: i, up: current });
    }
  }
}

/** Number of rows in a tree, children included. */
export function countParams(rows: ReadonlyArray<ParamRow>): number {
  let count = 0;
  walkParams(rows, () => {
    count += 1;
  });
  return count;
}

/** The flat form of a tree (pre-order), each row naming its parent's id. Rows need ids to be found again. */
export function flattenParams(rows: ReadonlyArray<ParamRow>): FlatParamRow[] {
  const flat: FlatParamRow[] = [];
  walkParams(rows, (row, _depth, parent) => {
    const { children: _children, ...fields } = row;
    flat.push({ ...fields, parentId: parent?.id ?? '' });
  });
  return flat;
}

/** The tree of a flat list (the inverse of `flattenParams`); unknown parents and cycles are issues. */
export function unflattenParams(flat: ReadonlyArray<FlatParamRow>): TreeResult {
  return buildParamTree(flat.map((row) => ({ ...row, isDeleted: false, children: [] })));
}

/**
 * A copy of a tree with `fn` applied to each row (its children are rebuilt, whatever `fn` answers for them).
 * Rows are visited in pre-order, so `fn` sees them in reading order.
 */
export function mapParamRows(rows: ReadonlyArray<ParamRow>, fn: (row: ParamRow) => ParamRow): ParamRow[] {
  const roots: ParamRow[] = [];
  const stack: Array<{ source: ParamRow; into: ParamRow[] }> = [];
  for (let i = rows.length - 1; i >= 0; i--) stack.push({ source: rows[i] as ParamRow, into: roots });
  for (let item = stack.pop(); item; item = stack.pop()) {
    const copy: ParamRow = { ...fn(item.source), children: [] };
    item.into.push(copy);
    const children = item.source.children;
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ source: children[i] as ParamRow, into: copy.children });
  }
  return roots;
}

/**
 * A copy of a tree where every row has an id unique in `taken` (which it extends): rows without one, and
 * later rows repeating an id, get `newId()`.
 */
export function withParamIds(
  rows: ReadonlyArray<ParamRow>,
  newId: () => string,
  taken: Set<string> = new Set(),
): ParamRow[] {
  return mapParamRows(rows, (row) => {
    let id = row.id;
    while (!id || taken.has(id)) id = newId();
    taken.add(id);
    return id === row.id ? row : { ...row, id };
  });
}
