import { PROJECT_ABILITIES, type ProjectAbility, type Role } from '@quire/shared';
import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { PROJECT_ROLE_ABILITIES, READ_PROJECT_ABILITIES } from './roles.ts';

/** What a project policy needs to know about a project. */
export interface ProjectRef {
  id: string;
  spaceId: string;
  isPrivate: boolean;
}

/**
 * The caller's effective role in a project:
 * - super admin: admin;
 * - not a member of the project's space: none (even with a leftover project row);
 * - space admin: admin of every project of the space, private ones included;
 * - a project member: their project role;
 * - other space members: guest of public projects, nothing on private ones;
 * - a personal token limited to some projects: none on any other.
 */
export function projectRoleOf(ctx: AccessContext, project: ProjectRef): Role | undefined {
  if (ctx.scope?.projectIds && !ctx.scope.projectIds.has(project.id)) return undefined;
  if (ctx.isSuperAdmin) return 'admin';
  const spaceRole = ctx.spaceRoles.get(project.spaceId);
  if (!spaceRole) return undefined;
  if (spaceRole === 'admin') return 'admin';
  const own = ctx.projectRoles.get(project.id);
  if (own) return own;
  return project.isPrivate ? undefined : 'guest';
}

/** Whether the caller may do `ability` in the project. */
export function canProject(ctx: AccessContext, project: ProjectRef, ability: ProjectAbility): boolean {
  const role = projectRoleOf(ctx, project);
  if (role === undefined || !PROJECT_ROLE_ABILITIES[role].has(ability)) return false;
  // A read-only personal token keeps its owner's reads only.
  return !ctx.scope?.readOnly || READ_PROJECT_ABILITIES.has(ability);
}

/** Every ability the caller has in the project. */
export function projectAbilities(ctx: AccessContext, project: ProjectRef): ProjectAbility[] {
  return PROJECT_ABILITIES.filter((ability) => canProject(ctx, project, ability));
}

/** Refuses with 403 unless the caller may do `ability` in the project. */
export function authorizeProject(ctx: AccessContext, project: ProjectRef, ability: ProjectAbility): void {
  if (!canProject(ctx, project, ability)) throw new AppError('auth.forbidden');
}
