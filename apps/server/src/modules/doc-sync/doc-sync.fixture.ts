import {
  newApiDoc,
  type SourceEntry,
  type SourceNode,
  type SourceTree,
  type SyncMode,
  sourceEntries,
} from '@quire/api-model';
import type { Db } from '../../db/database.ts';
import { type SyncInput, syncModuleDocs } from './doc-sync.service.ts';

/* Source trees the sync engine's tests feed it. */

export function doc(name: string, method: string, url: string): SourceNode {
  return {
    kind: 'doc',
    doc: newApiDoc(name, {
      httpMethod: method,
      url,
      description: `${name} text`,
      queryParams: [{ name: 'page', type: 'number', required: false }],
      responseParams: [
        { name: 'data', type: 'object', children: [{ name: 'id', type: 'string', description: 'the id' }] },
      ],
    }),
  };
}

export function folder(name: string, children: SourceNode[]): SourceNode {
  return { kind: 'folder', name, children };
}

export function tree(nodes: SourceNode[], extra: Partial<SourceTree> = {}): SourceTree {
  return { nodes, enums: [], environments: [], warnings: [], ...extra };
}

export const GOODS = () =>
  tree([
    folder('Goods', [doc('List goods', 'GET', '/goods'), doc('Add goods', 'POST', '/goods')]),
    folder('Orders', [folder('Refunds', [doc('Refund', 'POST', '/orders/{id}/refund')])]),
  ]);

/** Syncs `source` into an application as a push of `ci-bot` would (replacing, not overriding, by default). */
export function syncTree(
  db: Db,
  moduleId: string,
  source: SourceTree,
  mode: SyncMode = { replace: true, override: false },
  extra: Partial<SyncInput> = {},
) {
  return syncModuleDocs(db, {
    moduleId,
    tree: source,
    mode,
    source: 'push',
    actorId: 'open-api',
    author: 'ci-bot',
    ...extra,
  });
}

/**
 * The entries of `source` as a sync reads them, held before the `at`-th until `release()`: `reached` resolves
 * once the sync got that far (a re-import caught between two of its docs).
 */
export function heldEntries(source: SourceTree, at: number) {
  let reachedNow!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => {
    reachedNow = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* entries(): AsyncGenerator<SourceEntry> {
    let n = 0;
    for (const entry of sourceEntries(source.nodes)) {
      if (n++ === at) {
        reachedNow();
        await gate;
      }
      yield entry;
    }
  }
  return { entries: entries(), reached, release };
}
