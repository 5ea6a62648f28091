// Worker-thread entry (modules/jobs/worker-pool.ts): parses and converts one description, away from the thread
// that answers requests. Bundled on its own as dist/convert.worker.js (apps/server/build.mjs).
import type { MessagePort } from 'node:worker_threads';
import { mapDocHtml, type SourceDocNode, type SourceNode, type SourceTree } from '@quire/api-model';
import {
  ImportError,
  isPostmanCollection,
  listOperations,
  markdownToModel,
  openApiToModel,
  openApiVersion,
  parseApiText,
  postmanToModel,
} from '@quire/api-model/converters';
import { streamOpenApi } from './convert-stream.ts';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { buildSyncedDocument, syncedUrl } from '../doc-sync/sync-document.ts';
import { columnsOf, searchColumnsOf } from '../docs/doc-document.ts';
import { warmUpDescription } from './convert-warmup.ts';
import { AckCounter, sendTree } from './tree-chunks.ts';

export interface ConvertTask {
  kind: 'swagger' | 'postman' | 'markdown';
  text: string;
  /** The source as fetched, decoded here (UTF-8) instead of on the thread that answers requests; `text` is then ''. */
  bytes?: Uint8Array;
  sourceUrl: string;
  /** The importer's name: the author of docs that name none (the search columns computed here include it). */
  author?: string;
  /**
   * Send the docs while converting (an OpenAPI description only; other sources go whole): for the first import
   * of a new application, whose sync can take rows linked to dictionary ids the worker chose.
   */
  stream?: boolean;
  port?: MessagePort;
}

/** Sent once to a started worker (import-job.ts `warmConverter`): converts a sample, answers nothing of it. */
export interface WarmTask {
  warm: true;
}

/** How many times the warm-up converts its sample: enough for the JIT to compile the hot paths. */
const WARM_ROUNDS = 6;

/** The converter's answer: a tree and the title to name a new application after, or its refusal. */
type Converted =
  | { ok: true; tree: SourceTree; title: string }
  | { ok: false; key: string; arg: string; message: string };

/**
 * What the worker returns: `sent` when the tree went over the port in pieces (tree-chunks.ts; the caller
 * waits for its end), or the refusal.
 */
export type ConvertAnswer =
  | { ok: true; sent: true }
  | { ok: false; key: string; arg: string; message: string };

function titleOf(value: unknown, key: 'title' | 'name'): string {
  if (!value || typeof value !== 'object') return '';
  const info = (value as { info?: Record<string, unknown> }).info;
  const title = info?.[key];
  return typeof title === 'string' ? title.replace(/\s+/g, ' ').trim().slice(0, 64) : '';
}

const PROGRESS_EVERY_MS = 200;

/** The source parsed (JSON or YAML), or its refusal. */
function parseSource(
  task: ConvertTask,
): { ok: true; value: unknown } | Extract<ConvertAnswer, { ok: false }> {
  task.port?.postMessage({ phase: 'parse', done: 0, total: 0 });
  try {
    return { ok: true, value: parseApiText(task.text) };
  } catch (error) {
    return refusalOf(error);
  }
}

/** A converter's error as the answer that refuses the source; other errors are the server's and thrown. */
function refusalOf(error: unknown): Extract<ConvertAnswer, { ok: false }> {
  if (error instanceof ImportError)
    return { ok: false, key: error.key, arg: error.arg, message: error.message };
  // A stack overflow in a converter (hostile nesting) is the source's fault, not the server's.
  if (error instanceof RangeError) return { ok: false, key: 'too_deep', arg: '', message: error.message };
  throw error;
}

/** Converts a source (`parsed`: its text already parsed) into a tree, or refuses it. */
export function convertSource(task: ConvertTask, parsed?: unknown): Converted {
  const post = (phase: string, done: number, total: number) => task.port?.postMessage({ phase, done, total });
  try {
    if (task.kind === 'markdown') {
      post('convert', 0, 0);
      const tree = markdownToModel(task.text);
      // YApi writes the project's name as `<h1 class="curproject-name">`; other exports start with a `#` heading.
      const title =
        /<h1[^>]*curproject-name[^>]*>([^<]+)<\/h1>/.exec(task.text)?.[1] ??
        /^#\s+(.+)$/m.exec(task.text)?.[1] ??
        '';
      return { ok: true, tree, title: title.trim().slice(0, 64) };
    }
    if (parsed === undefined) {
      post('parse', 0, 0);
      parsed = parseApiText(task.text);
    }
    // A Postman collection pasted or linked in the swagger dialog is read as what it is.
    if (task.kind === 'postman' || (isPostmanCollection(parsed) && !openApiVersion(parsed))) {
      post('convert', 0, 0);
      return { ok: true, tree: postmanToModel(parsed), title: titleOf(parsed, 'name') };
    }
    const total = openApiVersion(parsed) ? listOperations(parsed as Record<string, unknown>).length : 0;
    post('convert', 0, total);
    let last = 0;
    const tree = openApiToModel(parsed, {
      sourceUrl: task.sourceUrl || undefined,
      onProgress: (done, all) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && done < all) return;
        last = now;
        post('convert', done, all);
      },
    });
    return { ok: true, tree, title: titleOf(parsed, 'title') };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * The part of a sync's work on a doc that needs nothing of the database, done here while the main thread
 * writes the docs sent before: every HTML field through the server's sanitizer (the sync is told, and skips
 * it) and the search columns of the doc as the sync will store it (URL with its version, author defaulted),
 * which the sync uses when its document still has those fields (doc-document.ts `columnsOf`); and once the sync
 * gave the dictionary ids, the whole row it inserts for the doc as new (`SourceDocNode.ready`).
 */
export function preparedDoc(
  node: SourceNode,
  author: string,
  enumIds: ReadonlyMap<string, string> | null,
): SourceNode {
  if (node.kind !== 'doc') return node;
  const doc = mapDocHtml(node.doc, sanitizeHtml);
  const stored = { ...doc, url: syncedUrl({ ...node, doc }), author: doc.author || author };
  const searchColumns = searchColumnsOf(stored);
  const search = {
    text: searchColumns.searchText,
    words: searchColumns.searchWords,
    name: stored.name,
    url: stored.url,
    author: stored.author,
    description: stored.description,
  };
  const prepared: SourceDocNode = { ...node, doc, search };
  if (!enumIds) return prepared;
  // Once the sync said which ids the dictionaries have: the whole row the sync inserts when no doc of the
  // application matches this one (module-sync.ts), built as it would build it.
  const warnings: string[] = [];
  const built = buildSyncedDocument(prepared, {
    current: null,
    keepDescription: false,
    enumIds,
    author,
    sanitized: true,
    warn: (message) => warnings.push(message),
  });
  return { ...prepared, ready: { columns: columnsOf(built, search), warnings } };
}

/**
 * Runs what an import runs on the sample (convert-warmup.ts): parse, convert, sanitize, search columns and the
 * tree's batching, with the messages dropped. The module's code is loaded and compiled before a person waits.
 */
async function warmUp(): Promise<ConvertAnswer> {
  const text = warmUpDescription();
  for (let round = 0; round < WARM_ROUNDS; round++) {
    const answer = convertSource({ kind: 'swagger', text, sourceUrl: '' });
    if (!answer.ok) return answer;
    const enumIds = new Map(answer.tree.enums.map((item) => [item.name, 'warm-up']));
    await sendTree(
      () => undefined,
      async () => undefined,
      answer.tree,
      answer.title,
      (node) => preparedDoc(node, 'warm-up', enumIds),
    );
  }
  return { ok: true, sent: true };
}

/** The worker's entry: converts, then sends the tree in pieces over the task's port. */
export default async function convertTask(task: ConvertTask | WarmTask): Promise<ConvertAnswer> {
  return 'warm' in task ? warmUp() : convertAndSend(task);
}

async function convertAndSend(task: ConvertTask): Promise<ConvertAnswer> {
  if (task.bytes) {
    task.text = new TextDecoder().decode(task.bytes);
    task.bytes = undefined;
  }
  const parsed = task.stream && task.kind === 'swagger' ? parseSource(task) : null;
  if (parsed && !parsed.ok) return parsed;
  if (parsed?.ok && task.port && openApiVersion(parsed.value)) {
    task.text = '';
    const port = task.port;
    const author = task.author ?? '';
    const total = listOperations(parsed.value as Record<string, unknown>).length;
    try {
      await streamOpenApi(
        parsed.value,
        task.sourceUrl,
        titleOf(parsed.value, 'title'),
        total,
        port,
        (node, ids) => preparedDoc(node, author, ids),
      );
    } catch (error) {
      return refusalOf(error);
    }
    return { ok: true, sent: true };
  }
  const answer = convertSource(task, parsed?.ok ? parsed.value : undefined);
  task.text = ''; // parsed: the source text (up to 50 MB) is not held while the tree goes
  if (!answer.ok) return answer;
  const port = task.port;
  if (!port) throw new Error('a convert task needs its port');
  // The receiver answers each batch with an `ack` message once it has taken it (several batches are in
  // flight at once). A sync into an empty application sends the dictionary ids once it wrote the dictionaries:
  // batches prepared after that carry the rows of new docs ready to insert (the first ones, prepared before,
  // leave that to it).
  let enumIds: Map<string, string> | null = null;
  const acks = new AckCounter((message) => {
    enumIds = new Map(message.ids);
  });
  port.on('message', acks.take);
  try {
    const author = task.author ?? '';
    await sendTree(
      (message, transfer) => port.postMessage(message, transfer),
      acks.next,
      answer.tree,
      answer.title,
      (node) => preparedDoc(node, author, enumIds),
      true,
    );
  } finally {
    port.off('message', acks.take);
  }
  return { ok: true, sent: true };
}
