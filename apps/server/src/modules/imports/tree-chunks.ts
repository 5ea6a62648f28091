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

/** Sends `tree` as messages (worker side). */
export function sendTree(post: (message: TreeMessage) => void, tree: SourceTree, title: string): void {
  let batch: TreeEntry[] = [];
  let folders = 0;
  const flush = () => {
    if (batch.length) post({ type: 'tree-entries', entries: batch });
    batch = [];
  };
  const visit = (nodes: SourceNode[], parent: number) => {
    for (const node of nodes) {
      if (node.kind === 'folder') {
        const index = folders++;
        batch.push({ parent, node: { ...node, children: [] } });
        if (batch.length >= BATCH) flush();
        visit(node.children, index);
      } else {
        batch.push({ parent, node });
        if (batch.length >= BATCH) flush();
      }
    }
  };
  visit(tree.nodes, -1);
  flush();
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

  /** Takes one message; false when it is not part of a tree. */
  take(message: unknown): boolean {
    const m = message as Partial<TreeMessage>;
    if (m.type === 'tree-entries' && m.entries) {
      for (const { parent, node } of m.entries) {
        (parent < 0 ? this.nodes : (this.folders[parent] ?? this.nodes)).push(node);
        if (node.kind === 'folder') this.folders.push(node.children);
      }
      return true;
    }
    if (m.type === 'tree-end' && m.tree) {
      this.finish({ tree: { ...m.tree, nodes: this.nodes }, title: m.title ?? '' });
      return true;
    }
    return false;
  }
}
