import type { DocExportRequest } from '@quire/shared';
import { apiDownload, type DownloadedFile } from '../../lib/api-client.ts';

/** `POST /api/doc/export`: the file; refusals are shown by the dialog (silent here). */
export function exportDocs(body: DocExportRequest): Promise<DownloadedFile> {
  return apiDownload('/doc/export', body, { silent: true, timeoutMs: 120_000 });
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
