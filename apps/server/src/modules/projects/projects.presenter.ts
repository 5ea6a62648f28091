import type { Project, ProjectSpace } from '@quire/shared';
import type { AccessContext } from '../../policies/access-context.ts';
import { type ProjectRef, projectAbilities, projectRoleOf } from '../../policies/project.policy.ts';
import type { ProjectRow } from './projects.repository.ts';

/** What the project policy needs from a project row. */
export function projectRefOf(row: { id: string; spaceId: string; isPrivate: number }): ProjectRef {
  return { id: row.id, spaceId: row.spaceId, isPrivate: row.isPrivate === 1 };
}

/** A project with the caller's effective role and abilities (only projects the caller can read are presented). */
export function presentProject(row: ProjectRow, access: AccessContext): Project {
  const ref = projectRefOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    spaceId: row.spaceId,
    isPrivate: row.isPrivate === 1,
    creatorId: row.creatorId,
    creatorName: row.creatorName ?? '',
    roleCode: projectRoleOf(access, ref) ?? 'guest',
    abilities: projectAbilities(access, ref),
    createTime: row.createdAt,
  };
}

/** `GET /api/project/space`. */
export function presentProjectSpace(row: ProjectRow): ProjectSpace {
  return { spaceId: row.spaceId, spaceName: row.spaceName, projectId: row.id, projectName: row.name };
}
