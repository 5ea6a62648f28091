import { Ordering, type SourceEntry, type SourceTree } from '@quire/api-model';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listTopLevel, setOrderIndex } from './doc-sync.repository.ts';

/** A transaction, or the root handle when a staged import writes in short transactions of its own (staged-sync.ts). */
type Trx = Kysely<Database>;

/** Everything of a tree but its nodes. */
export type TreeHead = Omit<SourceTree, 'nodes'>;

/**
 * Streamed entries made ordinary: each doc's `enumLinks` hold dictionary keys, named by `names` once the whole
 * source was converted, and its prebuilt row, linked to ids the worker chose, is dropped (the sync links by
 * name then).
 */
export function namedLinks(entries: SourceEntry[], names: Readonly<Record<string, string>>): SourceEntry[] {
  return entries.map((entry) => {
    if (entry.node.kind !== 'doc') return entry;
    const { ready: _, enumLinks, ...node } = entry.node;
    const links = enumLinks
      ? Object.fromEntries(Object.entries(enumLinks).map(([path, key]) => [path, names[key] ?? key]))
      : undefined;
    return { ...entry, node: { ...node, ...(links ? { enumLinks: links } : {}) } };
  });
}

/**
 * Puts the top of a streamed application in the tree's order: folders came with their first doc, so they
 * were numbered in the order operations use them; the tree lists them as its source does (OpenAPI: the order
 * of `tags`), then the docs at the top in the order they came. The order indexes are those a sync of the
 * whole tree gives, so a later re-import finds nothing moved.
 */
export async function orderTopLevel(trx: Trx, moduleId: string, folderOrder: ReadonlyArray<string>) {
  const rows = await listTopLevel(trx, moduleId);
  const rank = new Map(folderOrder.map((name, i) => [name, i]));
  const folders = rows
    .filter((row) => row.isFolder === 1)
    .sort((a, b) => (rank.get(a.name) ?? rank.size) - (rank.get(b.name) ?? rank.size));
  const ordered = [...folders, ...rows.filter((row) => row.isFolder !== 1)];
  for (const [i, row] of ordered.entries()) {
    const orderIndex = Ordering.initOrder + i * Ordering.step;
    if (row.orderIndex !== orderIndex) await setOrderIndex(trx, row.id, orderIndex);
  }
}
