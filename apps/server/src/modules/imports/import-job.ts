import type { SourceTree } from '@quire/api-model';
import {
  isPostmanCollection,
  listOperations,
  markdownToModel,
  openApiToModelAsync,
  openApiVersion,
  parseApiText,
  postmanToModel,
} from '@quire/api-model/converters';
import { IMPORT_MAX_BYTES, type ImportResult } from '@quire/shared';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { parseAllowRule } from '../../lib/address-policy.ts';
import { nowIso } from '../../lib/clock.ts';
import { guardedFetchText } from '../../lib/guarded-fetch.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { syncModuleDocs } from '../doc-sync/doc-sync.service.ts';
import type { JobHandler, JobOutcome, ProgressReporter } from '../jobs/job-runner.ts';
import type { JobRow } from '../jobs/jobs.repository.ts';
import { findLiveModule, findLiveModuleByName, updateModule } from '../modules/modules.repository.ts';
import { failureOf } from './import-errors.ts';
import { parseJobSource, type SourceSpec, saveImportedSource } from './job-source.ts';
import { findSource, updateSource } from './module-sources.repository.ts';

/** Removed docs listed in a result; the count is always complete. */
const REMOVED_LISTED = 500;

/** A source converted: the tree and the title to name a new application after. */
interface Converted {
  tree: SourceTree;
  title: string;
}

function titleOf(value: unknown, key: 'title' | 'name'): string {
  if (!value || typeof value !== 'object') return '';
  const info = (value as { info?: Record<string, unknown> }).info;
  const title = info?.[key];
  return typeof title === 'string' ? title.replace(/\s+/g, ' ').trim().slice(0, 64) : '';
}

async function convert(
  source: SourceSpec,
  text: string,
  sourceUrl: string,
  progress: ProgressReporter,
): Promise<Converted> {
  if (source.kind === 'markdown') {
    const tree = markdownToModel(text);
    // YApi writes the project's name as `<h1 class="curproject-name">`; other exports start with a `#` heading.
    const title =
      /<h1[^>]*curproject-name[^>]*>([^<]+)<\/h1>/.exec(text)?.[1] ?? /^#\s+(.+)$/m.exec(text)?.[1] ?? '';
    return { tree, title: title.trim().slice(0, 64) };
  }
  const parsed = parseApiText(text);
  // A Postman collection pasted or linked in the swagger dialog is read as what it is.
  if (source.kind === 'postman' || (isPostmanCollection(parsed) && !openApiVersion(parsed))) {
    return { tree: postmanToModel(parsed), title: titleOf(parsed, 'name') };
  }
  const total = openApiVersion(parsed) ? listOperations(parsed as Record<string, unknown>).length : 0;
  progress(0, total);
  const tree = await openApiToModelAsync(parsed, { sourceUrl: sourceUrl || undefined, onProgress: progress });
  return { tree, title: titleOf(parsed, 'title') };
}

/** Renames a new application after its source's title when that name is free in the project. */
async function nameAfterSource(db: Db, moduleId: string, projectId: string, title: string): Promise<void> {
  if (!title) return;
  const other = await findLiveModuleByName(db, projectId, title);
  if (other) return;
  await updateModule(db, moduleId, { name: title, updatedAt: nowIso() }).catch(() => undefined);
}

/**
 * The handler of `import` (first import of a new application) and `refresh` (re-import) jobs. A re-import
 * started with a new file, text or URL carries it on the job (`jobs.source`); it becomes the saved source
 * only once the sync succeeded.
 */
export function importJobHandler(db: Db, env: Env): JobHandler {
  const rule = parseAllowRule(env.QUIRE_FETCH_ALLOW_HOSTS);
  return async (job: JobRow, progress): Promise<JobOutcome> => {
    const module = await findLiveModule(db, job.moduleId);
    const carried = parseJobSource(job.source);
    const source = carried ?? (await findSource(db, job.moduleId));
    if (!module || !source) return { ok: false, key: 'import.no_source', args: [] };
    let converted: Converted;
    try {
      let text = source.content ?? '';
      if (source.content === null) {
        const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
        const password = box.open(source.authPasswordEnc) ?? '';
        const auth = source.authUsername ? { username: source.authUsername, password } : undefined;
        text = (
          await guardedFetchText(source.url, {
            rule,
            auth,
            timeoutMs: env.QUIRE_FETCH_TIMEOUT_MS,
            maxBytes: IMPORT_MAX_BYTES,
          })
        ).text;
      }
      converted = await convert(source, text, source.url, progress);
    } catch (error) {
      const failure = failureOf(error);
      if (failure) return failure;
      throw error;
    }
    const docs = countDocs(converted.tree);
    progress(docs, docs);
    const author = await db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', job.createdBy)
      .executeTakeFirst();
    const synced = await syncModuleDocs(db, {
      moduleId: job.moduleId,
      tree: converted.tree,
      mode: { replace: true, override: false },
      source: 'import',
      actorId: job.createdBy,
      author: author?.nickname ?? '',
    });
    const now = nowIso();
    if (carried) await saveImportedSource(db, job.moduleId, carried, job.id, job.createdBy, now);
    else await updateSource(db, job.moduleId, { lastJobId: job.id, lastSyncAt: now, updatedAt: now });
    if (job.kind === 'import') await nameAfterSource(db, module.id, module.projectId, converted.title);
    const result: ImportResult = {
      added: synced.added,
      updated: synced.updated,
      removed: synced.deleted,
      unchanged: synced.unchanged,
      removedDocs: synced.removed.slice(0, REMOVED_LISTED),
      warnings: synced.warnings,
    };
    return { ok: true, result };
  };
}

function countDocs(tree: SourceTree): number {
  let count = 0;
  const stack = [...tree.nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'doc') count++;
    else stack.push(...node.children);
  }
  return count;
}
