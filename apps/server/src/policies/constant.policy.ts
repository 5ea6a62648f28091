import type { ProjectAbility } from '@quire/shared';
import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { canProject, type ProjectRef } from './project.policy.ts';

/**
 * Constants pages and error-code tables of a project and its applications: readers see them beside the docs;
 * only project admins and devs manage them (the spec's `/project/code` menu rule).
 */
export type ConstantAction = 'read' | 'manage';

const ABILITY: Readonly<Record<ConstantAction, ProjectAbility>> = {
  read: 'doc.read',
  manage: 'constant.manage',
};

/** Whether the caller may do `action` to the constants of the project. */
export function canConstant(ctx: AccessContext, project: ProjectRef, action: ConstantAction): boolean {
  return canProject(ctx, project, ABILITY[action]);
}

/** Refuses with 403 unless the caller may do `action` to the constants of the project. */
export function authorizeConstant(ctx: AccessContext, project: ProjectRef, action: ConstantAction): void {
  if (!canConstant(ctx, project, action)) throw new AppError('auth.forbidden');
}
