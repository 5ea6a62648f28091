import {
  newApiDoc,
  type SourceEntry,
  type SourceNode,
  type SourceTree,
  sourceEntries,
} from '@quire/api-model';
import { describe, expect, it } from 'vitest';
import { sendTree, type TreeMessage, TreeReceiver } from './tree-chunks.ts';

function treeOf(folders: number, docsEach: number): SourceTree {
  const nodes: SourceNode[] = [];
  for (let f = 0; f < folders; f++) {
    const children: SourceNode[] = [];
    for (let d = 0; d < docsEach; d++)
      children.push({ kind: 'doc', doc: newApiDoc(`doc ${f}.${d}`, { url: `/f${f}/d${d}` }) });
    children.push({
      kind: 'folder',
      name: `sub ${f}`,
      children: [{ kind: 'doc', doc: newApiDoc(`deep ${f}`) }],
    });
    nodes.push({ kind: 'folder', name: `folder ${f}`, children });
  }
  return { nodes, enums: [], environments: [], warnings: ['w'] };
}

/** Sends `tree` straight into `receiver` (acks at once), showing each message to `look` first. */
function sendAll(
  tree: SourceTree,
  receiver: TreeReceiver,
  look: (message: TreeMessage, transfer?: ArrayBuffer[]) => void,
  consume = true,
): Promise<void> {
  return sendTree(
    (message, transfer) => {
      look(message, transfer);
      receiver.take(message, () => undefined);
    },
    async () => undefined,
    tree,
    'Title',
    undefined,
    consume,
  );
}

describe('a tree sent in pieces', () => {
  it('arrives whole and in order, with a few batches ahead of the receiver at most', async () => {
    const tree = treeOf(7, 60);
    const receiver = new TreeReceiver();
    const queue: TreeMessage[] = [];
    let pendingAcks = 0;
    let waiting: (() => void) | null = null;
    let mostInFlight = 0;
    let posted = 0;
    let taken = 0;
    // The receiving side: takes one queued message per turn, acking a batch on a later turn.
    const pump = setInterval(() => {
      const message = queue.shift();
      if (!message) return;
      taken++;
      receiver.take(message, () => {
        pendingAcks++;
        waiting?.();
      });
    }, 1);
    const ack = async () => {
      while (pendingAcks === 0) await new Promise<void>((resolve) => (waiting = resolve));
      waiting = null;
      pendingAcks--;
    };
    await sendTree(
      (message) => {
        queue.push(message);
        posted++;
        mostInFlight = Math.max(mostInFlight, posted - taken);
      },
      ack,
      tree,
      'Title',
      (node) => (node.kind === 'doc' ? { ...node, doc: { ...node.doc, author: 'prepared' } } : node),
    );
    const { tree: received, title } = await receiver.tree();
    clearInterval(pump);
    expect(title).toBe('Title');
    const prepared = JSON.parse(JSON.stringify(tree).replaceAll('"author":""', '"author":"prepared"'));
    expect(received).toEqual(prepared);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(5);
  });

  it('consumed, arrives just the same and leaves the sender holding no doc', async () => {
    const tree = treeOf(3, 120);
    const copy = structuredClone(tree);
    const receiver = new TreeReceiver();
    let held = -1;
    await sendAll(tree, receiver, (message) => {
      // After the head, the sender's tree holds nothing: its docs live only in the batches still to go.
      if (message.type === 'tree-head') held = tree.nodes.length;
    });
    expect(held).toBe(0);
    expect(tree.nodes).toEqual([]);
    expect((await receiver.tree()).tree).toEqual(copy);
  });

  it('travels packed, and a receiver that keeps it walks the entries again from the first', async () => {
    const tree = treeOf(4, 80);
    const copy = structuredClone(tree);
    const receiver = new TreeReceiver(true);
    const packed: number[] = [];
    await sendAll(tree, receiver, (message, transfer) => {
      if (message.type !== 'tree-packed') return;
      // Moved, not copied: the buffer is the message's own.
      expect(transfer).toEqual([message.data.buffer]);
      expect(message.data.byteOffset).toBe(0);
      packed.push(message.data.byteLength);
    });
    const entries = sourceEntries(copy.nodes);
    expect(packed.length).toBe(Math.ceil(entries.length / 50));
    // Deflated: far smaller than the entries' JSON.
    expect(packed.reduce((a, b) => a + b, 0)).toBeLessThan(JSON.stringify(entries).length / 3);
    const first: SourceEntry[] = [];
    for await (const entry of receiver.entries()) first.push(entry);
    const second: SourceEntry[] = [];
    for await (const entry of receiver.entries()) second.push(entry);
    expect(first).toEqual(entries);
    expect(second).toEqual(entries);
  });

  it('without keeping, lets each batch go once walked', async () => {
    const receiver = new TreeReceiver();
    await sendAll(treeOf(2, 60), receiver, () => undefined, false);
    let n = 0;
    for await (const _ of receiver.entries()) n++;
    expect(n).toBeGreaterThan(100);
    for await (const _ of receiver.entries()) n = -1;
    expect(n).toBeGreaterThan(100);
  });

  it('acks a batch of objects once the walk takes it, and everything once released', async () => {
    const receiver = new TreeReceiver();
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    let acked = 0;
    const ack = () => {
      acked++;
    };
    const docs = sourceEntries(treeOf(1, 4).nodes);
    receiver.take({ type: 'tree-start', title: 'T', docs: 4 });
    for (let i = 0; i < 3; i++) receiver.take({ type: 'tree-entries', entries: docs.slice(0, 2) }, ack);
    await turn();
    // Arrived, not walked: the sender is held by its window.
    expect(acked).toBe(0);
    const walk = receiver.entries();
    await walk.next();
    await turn();
    expect(acked).toBe(1);
    receiver.release();
    await turn();
    expect(acked).toBe(3);
    receiver.take({ type: 'tree-entries', entries: docs.slice(0, 2) }, ack);
    await turn();
    expect(acked).toBe(4);
  });
});
