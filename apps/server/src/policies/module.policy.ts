import type { ProjectAbility } from '@quire/shared';
import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { canProject, type ProjectRef } from './project.policy.ts';

/** What may be done to an application; each maps to an ability of its project. */
export type ModuleAction =
  | 'read'
  | 'create'
  | 'rename'
  | 'delete'
  | 'readSettings'
  | 'updateSettings'
  | 'token';

const ABILITY: Readonly<Record<ModuleAction, ProjectAbility>> = {
  read: 'project.read',
  create: 'module.create',
  rename: 'module.update',
  delete: 'module.delete',
  readSettings: 'module.setting.read',
  updateSettings: 'module.setting.update',
  token: 'module.token',
};

/** Whether the caller may do `action` to applications of the project. */
export function canModule(ctx: AccessContext, project: ProjectRef, action: ModuleAction): boolean {
  return canProject(ctx, project, ABILITY[action]);
}

/** Refuses with 403 unless the caller may do `action` to applications of the project. */
export function authorizeModule(ctx: AccessContext, project: ProjectRef, action: ModuleAction): void {
  if (!canModule(ctx, project, action)) throw new AppError('auth.forbidden');
}
