/**
 * A bounded view of an application's OpenAPI document: whole when it is small, else in pages of whole path
 * items, each page itself an OpenAPI document (the first one carries the components and tags), so a model
 * never receives a 100 MB string and never a cut-off JSON value.
 */

type Json = Record<string, unknown>;

/** The largest page, in characters of compact JSON (a single larger path item is sent alone). */
export const OPENAPI_PAGE_CHARS = 200_000;

export interface OpenApiPage {
  /** The page as JSON text. */
  text: string;
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
  /** Path items in the whole document and in this page. */
  totalPaths: number;
  pathsInPage: number;
}

/** Reads a cursor (the index of the first path of a page); anything else is refused by the caller. */
export function parseCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return 0;
  return /^\d{1,9}$/.test(cursor) ? Number(cursor) : null;
}

export function openApiPage(document: Json, start: number, limit = OPENAPI_PAGE_CHARS): OpenApiPage {
  const paths = (document.paths ?? {}) as Json;
  const keys = Object.keys(paths);
  const { paths: _paths, components, tags, ...head } = document;
  const first = start === 0;
  const frame: Json = { ...head, ...(first && tags ? { tags } : {}), paths: {} };
  if (first && components) frame.components = components;
  let size = JSON.stringify(frame).length;
  const pagePaths: Json = {};
  let index = start;
  for (; index < keys.length; index++) {
    const key = keys[index] as string;
    const itemSize = key.length + JSON.stringify(paths[key]).length + 4;
    if (index > start && size + itemSize > limit) break;
    pagePaths[key] = paths[key];
    size += itemSize;
  }
  const nextCursor = index < keys.length ? String(index) : null;
  const page: Json = { ...frame, paths: pagePaths };
  if (nextCursor) page['x-quire-next-cursor'] = nextCursor;
  return { text: JSON.stringify(page), nextCursor, totalPaths: keys.length, pathsInPage: index - start };
}
