import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { canProject, type ProjectRef } from './project.policy.ts';

/** Reading lists environments (and their URLs); writing adds, edits, deletes, copies and imports them. */
export type EnvironmentAction = 'read' | 'write';

/** Whether the caller may read or write the environments of applications of the project. */
export function canEnvironment(ctx: AccessContext, project: ProjectRef, action: EnvironmentAction): boolean {
  return canProject(ctx, project, action === 'read' ? 'environment.read' : 'environment.write');
}

/** Refuses with 403 unless the caller may do `action` to environments of the project. */
export function authorizeEnvironment(
  ctx: AccessContext,
  project: ProjectRef,
  action: EnvironmentAction,
): void {
  if (!canEnvironment(ctx, project, action)) throw new AppError('auth.forbidden');
}
