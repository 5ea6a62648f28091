import type { ImportKind } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { findSource, insertSource, type ModuleSourceRow, updateSource } from './module-sources.repository.ts';

/** What an import job reads: the saved `module_sources` row, or the source a re-import carries on its job. */
export type SourceSpec = Pick<
  ModuleSourceRow,
  'kind' | 'url' | 'authUsername' | 'authPasswordEnc' | 'content' | 'fileName' | 'refreshMinutes'
>;

const KINDS: readonly ImportKind[] = ['swagger', 'postman', 'markdown'];

/** The source a re-import job carries (`jobs.source`), or null when it reads the saved one. */
export function parseJobSource(raw: string | null): SourceSpec | null {
  if (!raw) return null;
  const value = JSON.parse(raw) as Partial<SourceSpec>;
  if (!KINDS.includes(value.kind as ImportKind)) return null;
  return {
    kind: value.kind as ImportKind,
    url: value.url ?? '',
    authUsername: value.authUsername ?? '',
    authPasswordEnc: value.authPasswordEnc ?? '',
    content: value.content ?? null,
    fileName: value.fileName ?? '',
    refreshMinutes: value.refreshMinutes ?? 0,
  };
}

function later(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/**
 * After a successful re-import from a carried source, that source becomes the application's saved one (so
 * `refresh` re-runs it); an application made by hand gets its first source row here.
 */
export async function saveImportedSource(
  db: Db,
  moduleId: string,
  spec: SourceSpec,
  jobId: string,
  actorId: string,
  now: string,
): Promise<void> {
  const refreshMinutes = spec.url ? spec.refreshMinutes : 0;
  const fields = {
    ...spec,
    refreshMinutes,
    nextSyncAt: refreshMinutes ? later(refreshMinutes) : null,
    lastJobId: jobId,
    lastSyncAt: now,
    updatedAt: now,
  };
  if (await findSource(db, moduleId)) {
    await updateSource(db, moduleId, fields);
    return;
  }
  await insertSource(db, { moduleId, ...fields, createdBy: actorId, createdAt: now });
}
