import type { ProjectAbility } from '@quire/shared';
import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { canProject, type ProjectRef } from './project.policy.ts';

/**
 * Dictionaries (enums) of a project's applications: readers see them with the docs; devs add and edit
 * dictionaries and their items; deleting a whole dictionary is for project admins (Torna's matrix).
 */
export type EnumAction = 'read' | 'write' | 'delete';

const ABILITY: Readonly<Record<EnumAction, ProjectAbility>> = {
  read: 'doc.read',
  write: 'enum.write',
  delete: 'enum.delete',
};

/** Whether the caller may do `action` to dictionaries of the project. */
export function canEnum(ctx: AccessContext, project: ProjectRef, action: EnumAction): boolean {
  return canProject(ctx, project, ABILITY[action]);
}

/** Refuses with 403 unless the caller may do `action` to dictionaries of the project. */
export function authorizeEnum(ctx: AccessContext, project: ProjectRef, action: EnumAction): void {
  if (!canEnum(ctx, project, action)) throw new AppError('auth.forbidden');
}
