import { type JsonLines, jsonLines, searchLines } from './json-lines.ts';

/*
 * The debug panel's JSON worker: decodes, parses and lays out an answer, then answers searches over it, all
 * off the page's main thread (a 10 MB answer takes seconds of parsing and layout there). One worker per shown
 * answer (json-doc.ts); it keeps the lines for the searches.
 */

export type JsonWorkerRequest =
  | { kind: 'parse'; bytes: Uint8Array }
  | { kind: 'search'; id: number; query: string };

export type JsonWorkerAnswer =
  | { kind: 'parsed'; lines: JsonLines }
  | { kind: 'invalid' }
  | { kind: 'found'; id: number; matches: Int32Array };

// The worker's global scope, typed by hand: the web app compiles against the DOM library, not WebWorker's.
interface WorkerScope {
  onmessage: ((event: { data: JsonWorkerRequest }) => void) | null;
  postMessage(message: JsonWorkerAnswer, transfer: Transferable[]): void;
}
const scope = globalThis as unknown as WorkerScope;

let lines: JsonLines | null = null;

function answer(message: JsonWorkerAnswer, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.kind === 'parse') {
    try {
      lines = jsonLines(JSON.parse(new TextDecoder().decode(request.bytes)));
    } catch {
      answer({ kind: 'invalid' });
      return;
    }
    // These typed arrays move (no copy); the text is copied once, as one string; `starts` is copied, as the
    // worker's searches still need it.
    answer({ kind: 'parsed', lines }, [lines.depth.buffer, lines.close.buffer, lines.parent.buffer]);
    return;
  }
  if (!lines) return;
  const matches = searchLines(lines, request.query);
  answer({ kind: 'found', id: request.id, matches }, [matches.buffer]);
};
