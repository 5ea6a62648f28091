import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type SourceEntry, type SourceNode, type SourceTree, sourceEntries } from '@quire/api-model';
import type { StreamedTail } from '../doc-sync/sync-input.ts';

/**
 * A converted tree crosses from the worker to the main thread in small messages: one structured clone of an
 * 11,000-doc tree is deserialized in one go and would hold the thread that answers requests for seconds.
 * First the tree without its nodes (dictionaries, environments, warnings: a sync writes those first), then
 * the nodes as entries (`SourceEntry`, depth first), then the end. The sync walks the entries as they arrive,
 * so writing starts while the worker still sends (and prepares) the rest.
 */
export type TreeHead = Omit<SourceTree, 'nodes'>;

export type TreeMessage =
  | { type: 'tree-head'; head: TreeHead; title: string; docs: number }
  // A tree sent while it converts: a start instead of the head, the entries, then the tail before the end.
  | { type: 'tree-start'; title: string; docs: number }
  | { type: 'tree-tail'; tail: StreamedTail }
  | { type: 'tree-entries'; entries: SourceEntry[] }
  // A whole tree's batch, packed (`packEntries`): the receiver can keep every batch for a second pass.
  | { type: 'tree-packed'; data: Uint8Array }
  | { type: 'tree-end' };

/**
 * A batch of entries as the structured clone's bytes, deflated (fastest level). Why: a re-import may walk
 * the entries twice (doc-sync/deferred-sync.ts plans again when someone saved meanwhile), so the receiver
 * keeps them; as objects Microsoft Graph's were 240 MB of the main thread's heap, packed they are 26 MB.
 * Packing costs the worker about as much as the clone it replaces; unpacking costs the receiver 2 ms a batch.
 */
export function packEntries(entries: SourceEntry[]): Uint8Array {
  // Copied into a buffer of its own: a small Buffer may share Node's pool, which a transfer would take along.
  return new Uint8Array(deflateRawSync(serialize(entries), { level: 1 }));
}

export function unpackEntries(data: Uint8Array): SourceEntry[] {
  return deserialize(inflateRawSync(data)) as SourceEntry[];
}

/**
 * What the receiving side sends back: an `ack` per batch taken, and once the dictionaries of a sync into an
 * empty application are written, their ids by name (the import's worker then builds new docs' rows).
 */
export type ReceiverMessage = 'ack' | { type: 'enum-ids'; ids: Array<[string, string]> };

/**
 * The sender's count of the receiver's acks (worker side): `next()` resolves on the next `ack`, counting acks
 * that came earlier; other messages go to `onOther`. `take` is the port's message listener.
 */
export class AckCounter {
  private acks = 0;
  private wake: (() => void) | null = null;

  constructor(
    private readonly onOther: (message: Exclude<ReceiverMessage, 'ack'>) => void = () => undefined,
  ) {}

  readonly take = (message: ReceiverMessage): void => {
    if (message !== 'ack') {
      this.onOther(message);
      return;
    }
    this.acks++;
    this.wake?.();
  };

  readonly next = async (): Promise<void> => {
    while (this.acks === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
    this.acks--;
  };
}

export const BATCH = 50;
/**
 * Batches sent before the sender waits for an `ack`: a port hands every message queued on it to the receiving
 * thread in one turn, so a worker that posted everything at once would stall the receiver just the same; one
 * batch at a time left both threads idle half the time (a round trip per 50 docs: 0.4 s of GitHub's import).
 */
export const WINDOW = 4;

/**
 * Sends `tree` as messages (worker side), at most WINDOW batches ahead of the receiver's acks. `prepare` runs
 * on each doc just before its batch goes (the worker's share of a sync's work, done while the receiver writes
 * the batches before).
 */
export async function sendTree(
  /** Posts a message; `transfer`: buffers it moves rather than copies. */
  post: (message: TreeMessage, transfer?: ArrayBuffer[]) => void,
  /** Resolves on the receiver's next `ack` (one per batch, in order; acks that came earlier count). */
  ack: () => Promise<void>,
  tree: SourceTree,
  title: string,
  prepare: (node: SourceNode) => SourceNode = (node) => node,
  /**
   * Let go of each doc once its batch is sent: the tree's folders are emptied, so a doc sent can be collected
   * while the rest still go (a 22,000-doc tree is most of a worker's heap). The caller's tree is left empty.
   */
  consume = false,
): Promise<void> {
  const { nodes, ...head } = tree;
  const entries: Array<SourceEntry | undefined> = sourceEntries(nodes);
  if (consume) {
    for (const node of nodes) if (node.kind === 'folder') emptyFolder(node);
    nodes.length = 0;
  }
  let docs = 0;
  for (const entry of entries) if (entry?.node.kind === 'doc') docs++;
  post({ type: 'tree-head', head, title, docs });
  let unacknowledged = 0;
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = (entries.slice(i, i + BATCH) as SourceEntry[]).map((entry) =>
      entry.node.kind === 'doc' ? { ...entry, node: prepare(entry.node) } : entry,
    );
    if (consume) entries.fill(undefined, i, i + BATCH);
    const data = packEntries(batch);
    post({ type: 'tree-packed', data }, [data.buffer as ArrayBuffer]);
    unacknowledged++;
    if (unacknowledged >= WINDOW) {
      await ack();
      unacknowledged--;
    }
  }
  for (; unacknowledged > 0; unacknowledged--) await ack();
  post({ type: 'tree-end' });
}

/** Empties a folder and every folder under it (their docs stay reachable only through the entries). */
function emptyFolder(folder: SourceNode): void {
  if (folder.kind !== 'folder') return;
  for (const child of folder.children) emptyFolder(child);
  folder.children.length = 0;
}

/** The first message of a tree: everything but its nodes, the title and how many docs will come. */
export interface ReceivedHead {
  head: TreeHead;
  title: string;
  docs: number;
  /** A tree sent while converting: its head is empty, and this resolves with its tail after the entries. */
  streamed?: Promise<StreamedTail>;
}

const EMPTY_HEAD: TreeHead = { enums: [], environments: [], warnings: [] };

/**
 * The main-thread side: `head` resolves with the tree's head, `entries()` yields entries as they arrive and
 * ends after the last one; `fail` makes both reject (the worker died, the job was cancelled). With `keep`,
 * every batch stays (packed, as it came) and `entries()` may be walked again from the first.
 */
export class TreeReceiver {
  /** Batches not walked yet, or with `keep` all of them: as they came, packed or not. */
  private readonly batches: Array<SourceEntry[] | Uint8Array> = [];
  /**
   * The acks of unpacked batches not walked yet. Why: a batch of objects is acked once the walk takes it, not
   * when it arrives, so the sender stays at most WINDOW batches ahead of the sync. Acked on arrival, a first
   * import on PostgreSQL (slower to write than the worker converts) held most of Graph's converted docs here,
   * and the 380 MB that stayed live set the main thread's heap growing to a gigabyte before it collected.
   * Packed batches are acked on arrival: small, and the sooner they leave the worker, the sooner it lets go
   * of its tree.
   */
  private readonly acks = new Map<SourceEntry[], () => void>();
  /** The walk is over (`release`): what comes is acked and dropped. */
  private released = false;
  private ended = false;
  private failure: unknown = null;
  private readonly waiting = new Set<() => void>();
  private resolveHead: (value: ReceivedHead) => void = () => undefined;
  private rejectHead: (reason: unknown) => void = () => undefined;
  private resolveDone: () => void = () => undefined;
  readonly head = new Promise<ReceivedHead>((resolve, reject) => {
    this.resolveHead = resolve;
    this.rejectHead = reject;
  });
  private resolveTail: (value: StreamedTail) => void = () => undefined;
  private rejectTail: (reason: unknown) => void = () => undefined;
  private readonly tail = new Promise<StreamedTail>((resolve, reject) => {
    this.resolveTail = resolve;
    this.rejectTail = reject;
  });
  /** Resolves once the last message came (the port may close). */
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(private readonly keep = false) {
    // A head nobody awaits (the worker refused the source) must not count as an unhandled rejection.
    this.head.catch(() => undefined);
    this.tail.catch(() => undefined);
  }

  private wakeAll(): void {
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /** Takes one message; false when it is not part of a tree. `ack` is called after a batch, on a later turn. */
  take(message: unknown, ack?: () => void): boolean {
    const m = message as Partial<TreeMessage>;
    if (m.type === 'tree-head' && 'head' in m && m.head) {
      this.resolveHead({ head: m.head, title: m.title ?? '', docs: m.docs ?? 0 });
      return true;
    }
    if (m.type === 'tree-start') {
      this.resolveHead({ head: EMPTY_HEAD, title: m.title ?? '', docs: m.docs ?? 0, streamed: this.tail });
      return true;
    }
    if (m.type === 'tree-tail' && 'tail' in m && m.tail) {
      this.resolveTail(m.tail);
      return true;
    }
    const batch =
      m.type === 'tree-entries' && 'entries' in m
        ? m.entries
        : m.type === 'tree-packed' && 'data' in m
          ? m.data
          : undefined;
    if (batch) {
      if (this.released || batch instanceof Uint8Array || !ack) {
        if (ack) setImmediate(ack);
        if (this.released) return true;
      } else this.acks.set(batch, ack);
      this.batches.push(batch);
      this.wakeAll();
      return true;
    }
    if (m.type === 'tree-end') {
      this.ended = true;
      this.wakeAll();
      this.resolveDone();
      return true;
    }
    return false;
  }

  fail(reason: unknown): void {
    if (this.ended || this.failure) return;
    this.failure = reason ?? new Error('tree transfer failed');
    this.rejectHead(this.failure);
    this.rejectTail(this.failure);
    this.wakeAll();
    this.resolveDone();
  }

  /**
   * The entries in order, as they arrive. Without `keep` one walk takes them (each batch is let go once
   * walked); with it every call walks them all from the first.
   */
  async *entries(): AsyncGenerator<SourceEntry> {
    for (let at = 0; ; ) {
      const batch = this.keep ? this.batches[at++] : this.batches.shift();
      if (batch) {
        if (batch instanceof Uint8Array) yield* unpackEntries(batch);
        else {
          this.settle(batch);
          yield* batch;
        }
        continue;
      }
      if (this.keep) at--;
      if (this.failure) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => this.waiting.add(resolve));
    }
  }

  /** Acks a batch of objects as the walk takes it (once, whatever walks it again). */
  private settle(batch: SourceEntry[]): void {
    const ack = this.acks.get(batch);
    if (!ack) return;
    this.acks.delete(batch);
    setImmediate(ack);
  }

  /**
   * The caller is done with the entries (the sync ended, whatever its outcome): every batch waiting and every
   * batch still to come is acked and dropped, so a sender held by the window finishes instead of waiting for
   * a walk that will not come.
   */
  release(): void {
    this.released = true;
    for (const ack of this.acks.values()) setImmediate(ack);
    this.acks.clear();
    this.batches.length = 0;
  }

  /** The whole tree, once everything arrived (for callers that do not stream). */
  async tree(): Promise<{ tree: SourceTree; title: string }> {
    const { head, title } = await this.head;
    const nodes: SourceNode[] = [];
    const folders: SourceNode[][] = [];
    for await (const { parent, node } of this.entries()) {
      (parent < 0 ? nodes : (folders[parent] ?? nodes)).push(node);
      if (node.kind === 'folder') folders.push(node.children);
    }
    return { tree: { ...head, nodes }, title };
  }
}
