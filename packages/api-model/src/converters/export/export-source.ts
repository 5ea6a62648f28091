import type { ApiDoc } from '../../model/api-doc.ts';
import type { ParamRow } from '../../model/param.ts';
import type { SourceDocNode, SourceEnum, SourceEnvironment, SourceNode } from '../../sync/source-tree.ts';

/**
 * What an export reads: the same shape a converter produces on import (folders and docs, dictionaries, and the
 * environments chosen for printing), plus the application's name. Exporters are pure functions of it, so an
 * export and an import can be checked against each other.
 */
export interface ExportSource {
  /** The application's name: the file's title. */
  title: string;
  nodes: SourceNode[];
  enums: SourceEnum[];
  /** The environments to print (already filtered to the ones the caller ticked). */
  environments: SourceEnvironment[];
}

/** A doc with the folder names above it. */
export interface PlacedDoc {
  node: SourceDocNode;
  folders: string[];
}

/** Every doc of the source, depth first, with its folder path. */
export function placedDocs(nodes: ReadonlyArray<SourceNode>): PlacedDoc[] {
  const out: PlacedDoc[] = [];
  const walk = (list: ReadonlyArray<SourceNode>, folders: string[]) => {
    for (const node of list) {
      if (node.kind === 'doc') out.push({ node, folders });
      else walk(node.children, [...folders, node.name]);
    }
  };
  walk(nodes, []);
  return out;
}

/** A row with its depth (1 for top level), in reading order. */
export interface RowAtDepth {
  row: ParamRow;
  depth: number;
  /** The row path used by `enumLinks` (`requestParams.0.children.2`). */
  path: string;
}

/** The rows of one table flattened in reading order (parents before their children). */
export function rowsInOrder(rows: ReadonlyArray<ParamRow>, table: string): RowAtDepth[] {
  const out: RowAtDepth[] = [];
  const walk = (list: ReadonlyArray<ParamRow>, depth: number, prefix: string) => {
    list.forEach((row, i) => {
      const path = `${prefix}.${i}`;
      out.push({ row, depth, path });
      walk(row.children, depth + 1, `${path}.children`);
    });
  };
  walk(rows, 1, table);
  return out;
}

/** A stored URL without the version Quire keeps as its `#fragment`. */
export function urlPath(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** True for docs that describe an HTTP call (OpenAPI and Postman only carry those). */
export function isHttpDoc(doc: ApiDoc): boolean {
  return doc.type === 0 && doc.httpMethod !== '' && urlPath(doc.url).trim() !== '';
}

/** The values of a dictionary linked to a row, or of the row's own `enumContent` list. */
export function enumValuesOf(
  row: ParamRow,
  path: string,
  node: SourceDocNode,
  enums: ReadonlyMap<string, SourceEnum>,
): { name: string; values: string[] } | null {
  const linked = node.enumLinks?.[path];
  const dictionary = linked ? enums.get(linked) : undefined;
  if (dictionary) return { name: dictionary.name, values: dictionary.items.map((item) => item.value) };
  const own = row.enumContent
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return own.length ? { name: '', values: own } : null;
}

/** A file name without path separators or control characters. */
export function safeFileName(name: string): string {
  const clean = name
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (clean || 'doc').slice(0, 120);
}
