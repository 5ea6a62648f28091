// A worker thread of the sandbox pool: builds its pristine QuickJS engine with Mock.js once (engine.ts), then
// runs one script per message. Scripts never see this thread either: they run inside QuickJS, this is only its host.
import { parentPort } from 'node:worker_threads';
import { createSandbox } from '../sandbox.ts';
import { readMockSource } from './mock-source.ts';
import type { TaskMessage, WorkerMessage } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('The sandbox worker must run in a worker thread');
const sandbox = await createSandbox({ loadMockSource: readMockSource });
port.on('message', (task: TaskMessage) => {
  const answer: WorkerMessage = { type: 'result', id: task.id, result: sandbox.run(task.request) };
  port.postMessage(answer);
});
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
