import { adminTornaDryRun, adminTornaImport, type TornaImportRequest } from '@quire/shared';
import { call } from '../../lib/api-client.ts';

/** Starts a dry run of an import from Torna (a job); the page shows refusals itself. */
export function startTornaDryRun(body: TornaImportRequest) {
  return call(adminTornaDryRun, body, { silent: true });
}

/** Starts the import from Torna (a job). */
export function startTornaImport(body: TornaImportRequest) {
  return call(adminTornaImport, body, { silent: true });
}
