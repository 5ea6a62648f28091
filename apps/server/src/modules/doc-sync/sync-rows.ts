import type { SourceNode } from '@quire/api-model';
import type { DocColumns } from '../docs/doc-document.ts';
import type { SyncDocRow } from './doc-sync.repository.ts';
import { docKeyOf, syncedUrl } from './sync-document.ts';
import type { SyncInput } from './sync-input.ts';

/* Small helpers of a sync's bookkeeping (module-sync.ts): row facts kept for matching, folder keys, doc counts. */

/** The matching facts of a row, without the document and search columns it was inserted with. */
export function withoutDocument(row: SyncDocRow): SyncDocRow {
  const { content: _, ...facts } = row;
  const { id, parentId, isFolder, name, url, httpMethod, type, orderIndex, isLocked, revision, syncOrigin } =
    facts;
  const { isShow, deprecated, author, contentType } = facts;
  return {
    id,
    parentId,
    isFolder,
    name,
    url,
    httpMethod,
    type,
    orderIndex,
    isLocked,
    revision,
    syncOrigin,
    isShow,
    deprecated,
    author,
    contentType,
    content: '',
  };
}

/** The light columns a row holds that `columns` would write. */
const LIGHT = ['name', 'url', 'httpMethod', 'type', 'isShow', 'deprecated', 'author', 'contentType'] as const;

/**
 * A changed doc's columns without the light ones its row already holds: an UPDATE that sets an indexed column,
 * even to its own value, rewrites the index entries (the tree's covering index holds most of them), and a
 * re-import that changed descriptions changes few names.
 */
export function changedColumns(row: SyncDocRow, columns: DocColumns): Partial<DocColumns> {
  const changed: Partial<DocColumns> = { ...columns };
  for (const key of LIGHT) if (row[key] === columns[key]) delete changed[key];
  return changed;
}

export function folderKey(parentId: string, name: string): string {
  return `${parentId}\u0000${name}`;
}

export function countTreeDocs(nodes: ReadonlyArray<SourceNode>): number {
  let count = 0;
  const stack = [...nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'doc') count++;
    else stack.push(...node.children);
  }
  return count;
}

/**
 * The keys (`docKeyOf`) of every doc a tree held in memory names, or null for a source that streams its docs
 * (an import's worker): with the keys, a sync reads who wrote the descriptions of those docs only
 * (sync-index.ts `HeldRows.load`).
 */
export function namedDocKeys(input: SyncInput): Set<string> | null {
  if (input.entries || input.streamed) return null;
  const keys = new Set<string>();
  const stack = [...input.tree.nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'doc') keys.add(docKeyOf({ ...node.doc, url: syncedUrl(node) }));
    else stack.push(...node.children);
  }
  return keys;
}

/** The items of `source` in arrays of `size` (the last may be shorter), each as soon as it is full. */
export async function* batchesOf<T>(
  source: AsyncIterable<T> | Iterable<T>,
  size: number,
): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length < size) continue;
    yield batch;
    batch = [];
  }
  if (batch.length > 0) yield batch;
}
