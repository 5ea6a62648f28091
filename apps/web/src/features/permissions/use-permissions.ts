import type { ProjectAbility, Role, SpaceAbility } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { permsQuery } from '../user/user.queries.ts';
import { canInProject, canInSpace, projectRole, spaceRole } from './abilities.ts';

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

/**
 * The caller's roles (`roleData`, `space:{id}` / `project:{id}`) as questions the screens ask: "may I
 * delete this project?". Super admins pass every check. Screens hide what the answer refuses; the server
 * refuses it anyway.
 */
export function usePermissions(): Permissions {
  // The layouts refresh the roles when they mount; every other screen reads the cached answer.
  const { data: perms } = useQuery({ ...permsQuery(), refetchOnMount: false });
  return {
    isLoaded: perms !== undefined,
    isSuperAdmin: perms?.isSuperAdmin ?? false,
    spaceRole: (spaceId) => spaceRole(perms, spaceId),
    projectRole: (projectId) => projectRole(perms, projectId),
    canSpace: (spaceId, ability) => canInSpace(perms, spaceId, ability),
    canProject: (projectId, ability) => canInProject(perms, projectId, ability),
  };
}
