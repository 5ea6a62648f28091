import type { SpaceAbility, SpaceAddRequest, SpaceUpdateRequest } from '@quire/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeSpace } from '../../policies/space.policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertMembers, listMembers, type MemberRow } from '../members/members.service.ts';
import { findUsersByIds } from '../users/users.service.ts';
import { setInternalAccess } from './internal-access.service.ts';
import {
  findLiveSpace,
  findLiveSpaceByName,
  insertSpace,
  listLiveSpaces,
  type SpaceRow,
  updateSpace,
} from './spaces.repository.ts';

/** Loads a live space and checks the caller may do `ability` in it: 404 when missing, 403 when not allowed. */
export async function loadSpace(c: Caller, spaceId: string, ability: SpaceAbility): Promise<SpaceRow> {
  const space = await findLiveSpace(c.db, spaceId);
  if (!space) throw new AppError('space.not_found');
  authorizeSpace(c.access, space.id, ability);
  return space;
}

/** Refuses when another live space already has the name. */
async function assertSpaceNameFree(c: Caller, name: string, selfId?: string): Promise<void> {
  const other = await findLiveSpaceByName(c.db, name);
  if (other && other.id !== selfId) throw new AppError('space.name_taken', { args: [name] });
}

/** Throws when any id is not an existing user. */
export async function assertUsersExist(c: Caller, ids: ReadonlyArray<string>): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await findUsersByIds(c.db, unique);
  if (found.length !== unique.length) throw new AppError('user.not_found');
}

/**
 * Creates a space; any user may. The creator becomes its admin. Super admins may name more admins with
 * `adminIds`; for everyone else the list is ignored, as in Torna, so a user cannot enrol others.
 */
export async function addSpace(c: Caller, input: z.output<typeof SpaceAddRequest>): Promise<SpaceRow> {
  await assertSpaceNameFree(c, input.name);
  const extraAdmins = c.actor.user.isSuperAdmin ? input.adminIds.filter((id) => id !== c.actor.user.id) : [];
  await assertUsersExist(c, extraAdmins);
  const id = newId();
  const now = nowIso();
  try {
    await c.db.transaction().execute(async (trx) => {
      await insertSpace(trx, {
        id,
        name: input.name,
        isCompose: input.isCompose ? 1 : 0,
        internalAccess: 0,
        creatorId: c.actor.user.id,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        deletedBy: null,
      });
      const admins = [c.actor.user.id, ...new Set(extraAdmins)];
      await insertMembers(
        trx,
        'space',
        id,
        admins.map((userId) => ({ userId, role: 'admin', joinTime: now })),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('space.name_taken', { args: [input.name] });
    throw error;
  }
  const space = await findLiveSpace(c.db, id);
  if (!space) throw new AppError('space.not_found');
  return space;
}

/**
 * Renames a space (space admin). `internalAccess`, when sent, is a super admin's alone: anyone else is refused
 * before anything changes.
 */
export async function renameSpace(c: Caller, input: z.output<typeof SpaceUpdateRequest>): Promise<void> {
  if (input.internalAccess !== undefined && !c.access.isSuperAdmin)
    throw new AppError('space.internal_access_super_admin');
  const space = await loadSpace(c, input.id, 'space.update');
  if (input.internalAccess !== undefined) await setInternalAccess(c, space.id, input.internalAccess);
  if (space.name === input.name) return;
  await assertSpaceNameFree(c, input.name, space.id);
  try {
    await updateSpace(c.db, space.id, { name: input.name, updatedAt: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('space.name_taken', { args: [input.name] });
    throw error;
  }
}

/** Soft-deletes a space (space admin); its projects and applications disappear with it until restored. */
export async function deleteSpace(c: Caller, spaceId: string): Promise<void> {
  const space = await loadSpace(c, spaceId, 'space.delete');
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await updateSpace(trx, space.id, { deletedAt: now, deletedBy: c.actor.user.id, updatedAt: now });
    await recordAudit(
      trx,
      c.actor.user.id,
      'space.delete',
      { type: 'space', id: space.id },
      { name: space.name },
    );
  });
}

/** The spaces the caller belongs to (super admins: all), optionally without composed spaces. */
export function listSpaces(c: Caller, normalOnly: boolean): Promise<SpaceRow[]> {
  const ids = c.access.isSuperAdmin ? undefined : [...c.access.spaceRoles.keys()];
  return listLiveSpaces(c.db, { ...(ids ? { ids } : {}), normalOnly });
}

/** A space and its admins, for any member. */
export async function getSpaceInfo(
  c: Caller,
  spaceId: string,
): Promise<{ space: SpaceRow; leaders: MemberRow[] }> {
  const space = await loadSpace(c, spaceId, 'space.read');
  return { space, leaders: await listMembers(c.db, 'space', space.id, { role: 'admin' }) };
}

export type { SpaceRow } from './spaces.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { findLiveSpace, findLiveSpaceByName, listLiveSpaces, lockSpace } from './spaces.repository.ts';
