import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isFollowingProject,
  listFollowedProjects,
  pageFollowedDocs,
  setFollowingProject,
  unfollowDoc,
} from './subscriptions.api.ts';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  docs: (pageIndex: number, pageSize: number) => ['subscriptions', 'docs', pageIndex, pageSize] as const,
  projects: ['subscriptions', 'projects'] as const,
  project: (projectId: string) => ['subscriptions', 'project', projectId] as const,
};

export function followedDocsQuery(pageIndex: number, pageSize: number) {
  return queryOptions({
    queryKey: subscriptionKeys.docs(pageIndex, pageSize),
    queryFn: ({ signal }) => pageFollowedDocs(pageIndex, pageSize, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function followedProjectsQuery() {
  return queryOptions({
    queryKey: subscriptionKeys.projects,
    queryFn: ({ signal }) => listFollowedProjects({ signal }),
  });
}

export function projectFollowQuery(projectId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.project(projectId),
    queryFn: ({ signal }) => isFollowingProject(projectId, { signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  // The reader's follow star reads its own query; it refreshes when the doc is opened again.
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

export function useUnfollowDoc() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: unfollowDoc, onSuccess: invalidate });
}

export function useSetFollowingProject() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ projectId, follow }: { projectId: string; follow: boolean }) =>
      setFollowingProject(projectId, follow),
    onSuccess: invalidate,
  });
}
