// Worker-thread entry (modules/jobs/worker-pool.ts): renders one export (Word, HTML, zips) away from the thread
// that answers requests. Bundled on its own as dist/export.worker.js (apps/server/build.mjs).
import type { MessagePort } from 'node:worker_threads';
import type { ExportSource } from '@quire/api-model/export';
import { type ExportFile, type RenderRequest, renderExport } from './export-render.ts';

export interface ExportTask {
  source: ExportSource;
  request: RenderRequest;
  port?: MessagePort;
}

// Progress is posted at most this often: a message per doc of a 1,000-doc export would only add work.
const PROGRESS_EVERY_MS = 200;

export default async function exportInWorker(task: ExportTask): Promise<ExportFile> {
  let last = 0;
  return renderExport(task.source, task.request, (done, total) => {
    const now = Date.now();
    if (done < total && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    task.port?.postMessage({ phase: 'render', done, total });
  });
}
