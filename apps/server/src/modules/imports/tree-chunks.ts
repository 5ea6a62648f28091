import type { SourceNode, SourceTree } from '@quire/api-model';

/**
 * A converted tree crosses from the worker to the main thread in small messages: one structured clone of an
 * 11,000-doc tree is deserialized in one go and would hold the thread that answers requests for seconds.
 * Nodes go depth first as entries naming their parent folder (by the order folders were sent; -1 = the top).
 */
export interface TreeEntry {
  parent: number;
  node: SourceNode;
}

/** Messages of a tree in transit: batches of entries, then the rest of the tree (nodes empty). */
export type TreeMessage =
  | { type: 'tree-entries'; entries: TreeEntry[] }
  | { type: 'tree-end'; tree: SourceTree; title: string };

const BATCH = 50;

/**
 * Sends `tree` as messages (worker side), waiting for `ack` after each batch: a port hands every message queued
 * on it to the receiving thread in one turn, so a worker that posted everything at once would stall the
 * receiver just the same.
 */
export async function sendTree(
  post: (message: TreeMessage) => void,
  ack: () => Promise<void>,
  tree: SourceTree,
  title: string,
): Promise<void> {
  const entries: TreeEntry[] = [];
  let folders = 0;
  const visit = (nodes: SourceNode[], parent: number) => {
    for (const node of nodes) {
      if (node.kind === 'folder') {
        const index = folders++;
        entries.push({ parent, node: { ...node, children: [] } });
        visit(node.children, index);
      } else entries.push({ parent, node });
    }
  };
  visit(tree.nodes, -1);
  for (let i = 0; i < entries.length; i += BATCH) {
    post({ type: 'tree-entries', entries: entries.slice(i, i + BATCH) });
    await ack();
  }
  post({ type: 'tree-end', tree: { ...tree, nodes: [] }, title });
}

/** Rebuilds a tree from its messages (main-thread side); `done` resolves with it after the last one. */
export class TreeReceiver {
  private readonly nodes: SourceNode[] = [];
  private readonly folders: SourceNode[][] = [];
  private finish: (value: { tree: SourceTree; title: string }) => void = () => undefined;
  readonly done = new Promise<{ tree: SourceTree; title: string }>((resolve) => {
    this.finish = resolve;
  });

  /** Takes one message; false when it is not part of a tree. `ack` is called after a batch, on a later turn. */
  take(message: unknown, ack?: () => void): boolean {
    const m = message as Partial<TreeMessage>;
    if (m.type === 'tree-entries' && m.entries) {
      for (const { parent, node } of m.entries) {
        (parent < 0 ? this.nodes : (this.folders[parent] ?? this.nodes)).push(node);
        if (node.kind === 'folder') this.folders.push(node.children);
      }
      if (ack) setImmediate(ack);
      return true;
    }
    if (m.type === 'tree-end' && m.tree) {
      this.finish({ tree: { ...m.tree, nodes: this.nodes }, title: m.title ?? '' });
      return true;
    }
    return false;
  }
}
