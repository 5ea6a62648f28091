import type { MessagePort } from 'node:worker_threads';
import type { SourceDocNode, SourceEntry, SourceNode } from '@quire/api-model';
import { type StreamedEnds, openApiSteps } from '@quire/api-model/converters';
import { newId } from '../../lib/ids.ts';
import type { StreamedTail } from '../doc-sync/sync-input.ts';
import { AckCounter, BATCH, type TreeMessage, WINDOW } from './tree-chunks.ts';

/**
 * Dictionary ids chosen as the docs link them: a streamed doc's rows are built before the converter has named
 * its dictionaries (it names them once it has seen every operation), so each dictionary key gets its id on
 * first use and the sync inserts the dictionaries with these ids at the end.
 */
class IdsOnFirstUse extends Map<string, string> {
  override get(key: string): string {
    let id = super.get(key);
    if (id === undefined) {
      id = newId();
      this.set(key, id);
    }
    return id;
  }
}

/**
 * Converts a parsed OpenAPI description and sends each doc as soon as it is converted (worker side of
 * tree-chunks.ts: `tree-start`, batches of entries, `tree-tail`, `tree-end`), so the sync writes while the rest
 * converts instead of waiting for the whole tree. A folder is sent with its first doc; the tail says where the
 * folders go and what the dictionaries are called. `prepare` builds each doc's row with the ids given.
 */
export async function streamOpenApi(
  parsed: unknown,
  sourceUrl: string,
  title: string,
  docs: number,
  port: MessagePort,
  prepare: (node: SourceDocNode, enumIds: ReadonlyMap<string, string>) => SourceNode,
): Promise<void> {
  const post = (message: TreeMessage) => port.postMessage(message);
  const acks = new AckCounter();
  port.on('message', acks.take);
  const ids = new IdsOnFirstUse();
  const folders = new Map<string, number>();
  let batch: SourceEntry[] = [];
  let ends: StreamedEnds = { names: {}, folderOrder: [] };
  const steps = openApiSteps(parsed, {
    sourceUrl: sourceUrl || undefined,
    onDoc: (node, folder) => {
      let parent = -1;
      if (folder) {
        parent = folders.get(folder.name) ?? -1;
        if (parent < 0) {
          parent = folders.size;
          folders.set(folder.name, parent);
          const { children: _, ...rest } = folder;
          batch.push({ parent: -1, node: { ...rest, children: [] } });
        }
      }
      batch.push({ parent, node: prepare(node, ids) });
    },
    onEnds: (value) => {
      ends = value;
    },
  });
  let unacknowledged = 0;
  const send = async () => {
    post({ type: 'tree-entries', entries: batch });
    batch = [];
    unacknowledged++;
    if (unacknowledged >= WINDOW) {
      await acks.next();
      unacknowledged--;
    }
  };
  // The first step checks the description (version, paths) and converts the first operation: a source it
  // refuses is refused before anything was sent, as a whole tree's would be.
  let step = steps.next();
  try {
    post({ type: 'tree-start', title, docs });
    for (; !step.done; step = steps.next()) if (batch.length >= BATCH) await send();
    if (batch.length > 0) await send();
    const { nodes: _, ...head } = step.value;
    const byKey = ends.names;
    const enumIds: Array<[string, string]> = [];
    for (const [key, id] of ids.entries()) {
      const name = byKey[key];
      if (name !== undefined) enumIds.push([name, id]);
    }
    const tail: StreamedTail = { head, enumIds, names: byKey, folderOrder: ends.folderOrder };
    post({ type: 'tree-tail', tail });
    for (; unacknowledged > 0; unacknowledged--) await acks.next();
    post({ type: 'tree-end' });
  } finally {
    port.off('message', acks.take);
  }
}
