import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { authorizeModule, canModule } from '../../policies/module.policy.ts';
import { findModuleForJob } from '../imports/imports.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import type { JobRegistry } from './job-kinds.ts';
import { cancelJob, findJob, type JobRow } from './jobs.repository.ts';

async function projectOfJob(c: Caller, job: JobRow) {
  const module = await findModuleForJob(c.db, job.moduleId);
  if (!module) throw new AppError('job.not_found');
  return projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate });
}

/** `GET /api/job/get`: readable by whoever can read the application's project (also after a failed first import). */
export async function getJob(c: Caller, id: string): Promise<JobRow> {
  const job = await findJob(c.db, id);
  if (!job) throw new AppError('job.not_found');
  // A job of no application (an import from Torna, modules/torna-import) is the super admins' alone.
  if (!job.moduleId) {
    if (!c.access.isSuperAdmin || c.access.scope) throw new AppError('job.not_found');
    return job;
  }
  authorizeModule(c.access, await projectOfJob(c, job), 'read');
  return job;
}

/**
 * `POST /api/job/cancel`: by whoever started the job, or an administrator of its project (one who may delete
 * its applications). The job becomes `cancelled`; its kind's `onFailed` undoes what its start left (a first
 * import's application), and a running job's writes, not yet committed, roll back.
 */
export async function cancel(
  c: Caller,
  registry: JobRegistry,
  id: string,
  /** Stops the job at once when this instance runs it (job-runner.ts `abortLocal`). */
  abortLocal: (id: string) => boolean = () => false,
): Promise<JobRow> {
  const job = await getJob(c, id);
  const mayCancel =
    job.createdBy === c.actor.user.id ||
    !job.moduleId ||
    canModule(c.access, await projectOfJob(c, job), 'delete');
  if (!mayCancel) throw new AppError('job.cancel_forbidden');
  // On SQLite a running sync holds the only writer until it ends: stopping it first lets the row be marked
  // cancelled as soon as its writes rolled back, instead of after they committed.
  if (job.status === 'running') abortLocal(job.id);
  const keepSource = registry.get(job.kind)?.keepsSource === true;
  if (!(await cancelJob(c.db, job.id, nowIso(), keepSource))) throw new AppError('job.not_cancellable');
  await registry.get(job.kind)?.onFailed?.(job, 'cancelled');
  const after = await findJob(c.db, job.id);
  if (!after) throw new AppError('job.not_found');
  return after;
}

export type { JobRow } from './jobs.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { hasActiveJob, insertJob, latestJobs, listUserJobs } from './jobs.repository.ts';
export { presentJob } from './jobs.presenter.ts';
