import { type DocExportRequest, docExportList, ExportJobAnswer } from '@quire/shared';
import { apiDownload, call, type DownloadedFile, type RequestOptions } from '../../lib/api-client.ts';

/**
 * `POST /api/doc/export`: the file of a small export, or the job of a large one (`{ jobId }`: follow it with
 * `getJob`, then `downloadExport`). Refusals are shown by the dialog (silent here).
 */
export async function exportDocs(
  body: DocExportRequest,
): Promise<{ file: DownloadedFile } | { jobId: string }> {
  const answer = await apiDownload('/doc/export', body, {
    silent: true,
    timeoutMs: 120_000,
    other: ExportJobAnswer,
  });
  return 'data' in answer ? { jobId: answer.data.jobId } : { file: answer };
}

/** `GET /api/doc/export/download?id=`: the file of a finished export job (its requester only). */
export async function downloadExport(jobId: string): Promise<DownloadedFile> {
  const answer = await apiDownload(
    '/doc/export/download',
    { id: jobId },
    { method: 'GET', silent: true, timeoutMs: 300_000 },
  );
  if ('data' in answer) throw new Error('the download answered no file');
  return answer;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `GET /api/doc/export/list?moduleId=`: the caller's export jobs of an application from the last day. */
export function listRecentExports(moduleId: string, options?: RequestOptions) {
  return call(docExportList, { moduleId }, { silent: true, ...options });
}
