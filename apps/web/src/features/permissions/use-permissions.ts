import type { Perms, ProjectAbility, Role, SpaceAbility } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { permsQuery } from '../user/user.queries.ts';

/** What the signed-in user may do, from `GET /api/user/perm/get`. */
export interface Permissions {
  /** False until the roles have arrived; nothing is allowed before that. */
  isLoaded: boolean;
  isSuperAdmin: boolean;
  spaceRole: (spaceId: string) => Role | undefined;
  projectRole: (projectId: string) => Role | undefined;
  canSpace: (spaceId: string, ability: SpaceAbility) => boolean;
  canProject: (projectId: string, ability: ProjectAbility) => boolean;
}

function roleAt(perms: Perms | undefined, key: string): Role | undefined {
  if (!perms) return undefined;
  if (perms.isSuperAdmin) return 'admin';
  return perms.roleData[key];
}

/** Whether the server listed `ability` for `key` (`space:{id}` or `project:{id}`); super admins may do all. */
function allows(perms: Perms | undefined, key: string, ability: SpaceAbility | ProjectAbility): boolean {
  if (!perms) return false;
  if (perms.isSuperAdmin) return true;
  return perms.abilities[key]?.includes(ability) ?? false;
}

/**
 * The caller's roles and abilities as questions the screens ask: "may I delete this project?". The answers
 * are the server's (`abilities` of perm/get, computed from its one role table); the web app never maps a role
 * to abilities itself. Screens hide what the answer refuses; the server refuses it anyway.
 */
export function usePermissions(): Permissions {
  // The layouts refresh the roles when they mount; every other screen reads the cached answer.
  const { data: perms } = useQuery({ ...permsQuery(), refetchOnMount: false });
  return {
    isLoaded: perms !== undefined,
    isSuperAdmin: perms?.isSuperAdmin ?? false,
    spaceRole: (spaceId) => roleAt(perms, `space:${spaceId}`),
    projectRole: (projectId) => roleAt(perms, `project:${projectId}`),
    canSpace: (spaceId, ability) => allows(perms, `space:${spaceId}`, ability),
    canProject: (projectId, ability) => allows(perms, `project:${projectId}`, ability),
  };
}
