import type { ProjectAbility } from '@quire/shared';
import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { canProject, type ProjectRef } from './project.policy.ts';

/**
 * What may be done to the docs and folders of a project's applications. Reading covers the tree, details,
 * revisions and diffs; writing covers save, folders, move, copy, delete, restore, lock and unlock (as in
 * Torna's matrix, whoever edits docs may lock and unlock them).
 */
export type DocAction = 'read' | 'write';

const ABILITY: Readonly<Record<DocAction, ProjectAbility>> = { read: 'doc.read', write: 'doc.write' };

/** Whether the caller may do `action` to docs of the project. */
export function canDoc(ctx: AccessContext, project: ProjectRef, action: DocAction): boolean {
  return canProject(ctx, project, ABILITY[action]);
}

/** Refuses with 403 unless the caller may do `action` to docs of the project. */
export function authorizeDoc(ctx: AccessContext, project: ProjectRef, action: DocAction): void {
  if (!canDoc(ctx, project, action)) throw new AppError('auth.forbidden');
}
