import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ExportFilesTable } from '../../db/schema.ts';

export type ExportFileRow = Selectable<ExportFilesTable>;

export function insertExportFile(db: Db, row: ExportFileRow): Promise<unknown> {
  return db.insertInto('exportFiles').values(row).execute();
}

/** The file of an export job, if it is still kept. */
export function findExportFile(db: Db, jobId: string, now: string): Promise<ExportFileRow | undefined> {
  return db
    .selectFrom('exportFiles')
    .selectAll()
    .where('jobId', '=', jobId)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** What a list of exports shows of their files still kept (not the body), by job id. */
export function listExportFileInfo(
  db: Db,
  jobIds: ReadonlyArray<string>,
  now: string,
): Promise<Array<Pick<ExportFileRow, 'jobId' | 'fileName' | 'size' | 'expiresAt'>>> {
  if (!jobIds.length) return Promise.resolve([]);
  return db
    .selectFrom('exportFiles')
    .select(['jobId', 'fileName', 'size', 'expiresAt'])
    .where('jobId', 'in', [...jobIds])
    .where('expiresAt', '>', now)
    .execute();
}

/** Removes the files whose day is over. */
export function pruneExportFiles(db: Db, now: string): Promise<unknown> {
  return db.deleteFrom('exportFiles').where('expiresAt', '<=', now).execute();
}
