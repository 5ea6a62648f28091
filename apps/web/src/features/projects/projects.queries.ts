import type { Role } from '@quire/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../user/user.queries.ts';
import {
  addProject,
  addProjectMembers,
  deleteProject,
  getProjectInfo,
  getProjectSpace,
  listProjectMembers,
  listProjects,
  removeProjectMember,
  updateProject,
  updateProjectMemberRole,
} from './projects.api.ts';

export const projectKeys = {
  all: ['projects'] as const,
  list: (spaceId: string) => ['projects', 'list', spaceId] as const,
  info: (projectId: string) => ['projects', 'info', projectId] as const,
  space: (projectId: string) => ['projects', 'space', projectId] as const,
  members: (projectId: string) => ['projects', 'members', projectId] as const,
  memberList: (projectId: string, username: string, roleCode: Role | undefined) =>
    ['projects', 'members', projectId, username, roleCode ?? ''] as const,
};

/** Projects of a space. */
export function projectsQuery(spaceId: string) {
  return queryOptions({
    queryKey: projectKeys.list(spaceId),
    queryFn: ({ signal }) => listProjects(spaceId, { signal }),
  });
}

/** `GET /api/project/info`. */
export function projectInfoQuery(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.info(projectId),
    queryFn: ({ signal }) => getProjectInfo(projectId, { signal }),
  });
}

/** `GET /api/project/space`; the project layout's loader fills it and shows its failure itself. */
export function projectSpaceQuery(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.space(projectId),
    queryFn: ({ signal }) => getProjectSpace(projectId, { signal, silent: true }),
  });
}

/** Project members, filtered. */
export function projectMembersQuery(projectId: string, username: string, roleCode: Role | undefined) {
  return queryOptions({
    queryKey: projectKeys.memberList(projectId, username, roleCode),
    queryFn: ({ signal }) =>
      listProjectMembers({ projectId, username: username || undefined, roleCode }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.perms }),
    ]);
  };
}

export function useAddProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: addProject, onSuccess: invalidate });
}

export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: updateProject, onSuccess: invalidate });
}

export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: deleteProject, onSuccess: invalidate });
}

export function useAddProjectMembers() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: addProjectMembers, onSuccess: invalidate });
}

export function useUpdateProjectMemberRole() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: updateProjectMemberRole, onSuccess: invalidate });
}

export function useRemoveProjectMember() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: removeProjectMember, onSuccess: invalidate });
}
