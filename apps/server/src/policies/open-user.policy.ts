import { AppError } from '../http/app-error.ts';
import type { AccessContext } from './access-context.ts';
import { canSpace } from './space.policy.ts';

/**
 * Open users are credentials of the open API, so listing them is managing them: space admins only
 * (and super admins). Their secrets are never readable, only reset.
 */
export function canManageOpenUsers(ctx: AccessContext, spaceId: string): boolean {
  return canSpace(ctx, spaceId, 'space.openUser.manage');
}

/** Refuses with 403 unless the caller manages the open users of the space. */
export function authorizeOpenUsers(ctx: AccessContext, spaceId: string): void {
  if (!canManageOpenUsers(ctx, spaceId)) throw new AppError('auth.forbidden');
}
