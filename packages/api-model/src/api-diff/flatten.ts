/**
 * Param tables flattened to a map by path, the way the semantic diff pairs rows: by where they sit, never by
 * id, so a renamed field reads as one removed and one added (what a consumer sees). Arrays of objects hold
 * their items' fields as children (`items.sku`), so arrays, nested objects and dictionaries compare alike.
 */
import type { ParamRow } from '../model/param.ts';

export interface FlatRow {
  /** The dotted path as shown (`data.items.sku`). */
  path: string;
  row: ParamRow;
  /** The enum values of the row (its own list, else its dictionary's), or null when it has none. */
  values: ReadonlyArray<string> | null;
}

/** `A,B` or one value a line, as Torna keeps a row's enum content. */
export function enumList(content: string): string[] {
  return content
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * The rows of a table by key. `keyOf` turns a top-level name into its key (headers compare case-insensitively,
 * path params by their place in the URL); nested paths keep their names. The first of duplicate paths wins.
 */
export function flattenTable(
  rows: ReadonlyArray<ParamRow>,
  enumValues: ((row: ParamRow) => ReadonlyArray<string> | undefined) | undefined,
  keyOf: (name: string) => string = (name) => name,
): Map<string, FlatRow> {
  const out = new Map<string, FlatRow>();
  const stack: Array<{ row: ParamRow; path: string; key: string }> = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as ParamRow;
    stack.push({ row, path: row.name, key: keyOf(row.name) });
  }
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { row } = item;
    if (!out.has(item.key)) {
      const own = enumList(row.enumContent);
      const linked = own.length ? own : row.enumId ? (enumValues?.(row) ?? []) : [];
      out.set(item.key, { path: item.path, row, values: linked.length ? linked : null });
    }
    for (let i = row.children.length - 1; i >= 0; i--) {
      const child = row.children[i] as ParamRow;
      stack.push({ row: child, path: `${item.path}.${child.name}`, key: `${item.key}.${child.name}` });
    }
  }
  return out;
}

/** The names of a URL's path variables in order (`/a/{id}/b/{name}` -> id, name). */
export function pathVariables(url: string): string[] {
  return [...url.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1] as string);
}

/** A URL with its variables unnamed (`/a/{}/b/{}`): two operations differing only in variable names are one. */
export function normalizeUrl(url: string): string {
  return url.trim().replace(/\{[^}/]+\}/g, '{}');
}
