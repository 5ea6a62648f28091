import { type Role, SPACE_ABILITIES, type SpaceAbility } from '@quire/shared';
import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { READ_SPACE_ABILITIES, SPACE_ROLE_ABILITIES } from './roles.ts';

/** The caller's effective role in a space: super admins are admins everywhere; non-members have none. */
export function spaceRoleOf(ctx: AccessContext, spaceId: string): Role | undefined {
  if (ctx.isSuperAdmin) return 'admin';
  return ctx.spaceRoles.get(spaceId);
}

/** Whether the caller may do `ability` in the space. */
export function canSpace(ctx: AccessContext, spaceId: string, ability: SpaceAbility): boolean {
  const role = spaceRoleOf(ctx, spaceId);
  if (role === undefined || !SPACE_ROLE_ABILITIES[role].has(ability)) return false;
  // A personal token that is read-only or limited to projects never manages a space.
  const scope = ctx.scope;
  return !scope || (!scope.readOnly && !scope.projectIds) || READ_SPACE_ABILITIES.has(ability);
}

/** Every ability the caller has in the space, for the app to show only what the server allows. */
export function spaceAbilities(ctx: AccessContext, spaceId: string): SpaceAbility[] {
  return SPACE_ABILITIES.filter((ability) => canSpace(ctx, spaceId, ability));
}

/** Refuses with 403 unless the caller may do `ability` in the space. */
export function authorizeSpace(ctx: AccessContext, spaceId: string, ability: SpaceAbility): void {
  if (!canSpace(ctx, spaceId, ability)) throw new AppError('auth.forbidden');
}
