import { useCallback, useEffect, useRef, useState } from 'react';
import { type JsonLines, jsonLines, searchLines } from './json-lines.ts';
import type { JsonWorkerAnswer, JsonWorkerRequest } from './json-worker.ts';
import JsonWorker from './json-worker.ts?worker';

/** An answer's JSON lines as they come: being laid out, ready, or not JSON after all. */
export type JsonDocState =
  | { status: 'parsing' }
  | { status: 'ready'; lines: JsonLines }
  | { status: 'invalid' };

/**
 * Lays out a JSON answer in a Web Worker (json-worker.ts) and searches it there, so neither a 10 MB parse nor
 * a search over 400,000 lines holds the page's main thread. Where there is no Worker (unit tests in jsdom),
 * the same pure functions run in the page.
 */
export function useJsonDoc(bytes: Uint8Array): {
  state: JsonDocState;
  search(query: string): Promise<Int32Array>;
} {
  const [state, setState] = useState<JsonDocState>({ status: 'parsing' });
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, (matches: Int32Array) => void>());
  const local = useRef<JsonLines | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    setState({ status: 'parsing' });
    local.current = null;
    if (typeof Worker === 'undefined') {
      try {
        const lines = jsonLines(JSON.parse(new TextDecoder().decode(bytes)));
        local.current = lines;
        setState({ status: 'ready', lines });
      } catch {
        setState({ status: 'invalid' });
      }
      return;
    }
    const created = new JsonWorker();
    worker.current = created;
    const waiting = pending.current;
    created.onmessage = (event: MessageEvent<JsonWorkerAnswer>) => {
      const answer = event.data;
      if (answer.kind === 'parsed') setState({ status: 'ready', lines: answer.lines });
      else if (answer.kind === 'invalid') setState({ status: 'invalid' });
      else {
        waiting.get(answer.id)?.(answer.matches);
        waiting.delete(answer.id);
      }
    };
    // A copy goes to the worker: the page keeps the answer's bytes for the raw view and for copying.
    const copy = bytes.slice();
    created.postMessage({ kind: 'parse', bytes: copy } satisfies JsonWorkerRequest, [copy.buffer]);
    return () => {
      created.terminate();
      worker.current = null;
      for (const resolve of waiting.values()) resolve(new Int32Array(0));
      waiting.clear();
    };
  }, [bytes]);

  const search = useCallback((query: string) => {
    if (local.current) return Promise.resolve(searchLines(local.current, query));
    const target = worker.current;
    if (!target) return Promise.resolve(new Int32Array(0));
    const id = nextId.current++;
    return new Promise<Int32Array>((resolve) => {
      pending.current.set(id, resolve);
      target.postMessage({ kind: 'search', id, query } satisfies JsonWorkerRequest);
    });
  }, []);

  return { state, search };
}
