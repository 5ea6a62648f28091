// Web Worker entry for the browser (the doc page's debug panel): the same sandbox core, with Mock.js's source
// bundled as text by Vite. Post a RunRequest, receive a RunResult. A script that hangs past QuickJS's own deadline
// is the page's to handle by terminating this worker.
import mockSource from 'mockjs/dist/mock-min.js?raw';
import { createSandbox } from '../sandbox.ts';
import type { RunRequest, RunResult } from '../types.ts';

interface WorkerScope {
  onmessage: ((event: { data: { id: number; request: RunRequest } }) => void) | null;
  postMessage(message: { id: number; result: RunResult }): void;
}

const scope = globalThis as unknown as WorkerScope;
const sandboxPromise = createSandbox({ loadMockSource: () => mockSource });
scope.onmessage = (event) => {
  const { id, request } = event.data;
  void sandboxPromise.then((sandbox) => scope.postMessage({ id, result: sandbox.run(request) }));
};
