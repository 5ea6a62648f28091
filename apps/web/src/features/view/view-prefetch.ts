import type { ViewNodeWire } from '@quire/shared';
import type { QueryClient } from '@tanstack/react-query';
import { hasToken } from '../../lib/storage.ts';
import { getProjectTree, getReleaseTree, getSpaceTree, getViewProjects } from './view.api.ts';
import { viewKeys } from './view.queries.ts';
import { readDimension, readSelection } from './view-prefs.ts';

/** A tree query of the reader (the docs now, or a release's). */
export interface TreeQuery {
  queryKey: readonly unknown[];
  queryFn(context: { signal: AbortSignal }): Promise<ViewNodeWire[]>;
  enabled: boolean;
  staleTime: number;
}

/** The tree query of the reader: one definition for the sidebar and the route's early start. */
export function viewTreeQuery(
  dimension: 1 | 2,
  spaceId: string | undefined,
  projectId: string | undefined,
): TreeQuery {
  return {
    queryKey: dimension === 1 ? viewKeys.spaceTree(spaceId) : viewKeys.projectTree(projectId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      dimension === 1
        ? getSpaceTree(spaceId as string, { signal, silent: true })
        : getProjectTree(projectId as string, { signal, silent: true }),
    enabled: Boolean(dimension === 1 ? spaceId : projectId),
    staleTime: 30_000,
  };
}

/** The tree of a release opened in the reader (its frozen docs). */
export function releaseTreeQuery(releaseId: string): TreeQuery {
  return {
    queryKey: viewKeys.releaseTree(releaseId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getReleaseTree(releaseId, { signal, silent: true }),
    enabled: true,
    // A release is frozen: its tree changes only when a doc's folder does.
    staleTime: 60_000,
  };
}

/** The projects the reader may browse, grouped by space: the sidebar's selects. */
export const viewProjectsQuery = {
  queryKey: viewKeys.projects,
  queryFn: ({ signal }: { signal: AbortSignal }) => getViewProjects({ signal }),
};

/**
 * Starts loading the remembered tree and the project list as soon as `/view` is navigated to, while the
 * reader's code is still loading and compiling: both calls overlap that work instead of waiting for the sidebar
 * to mount.
 */
export function prefetchViewTree(queryClient: QueryClient): void {
  // Logged out: the root's guard sends the visit to the login page; a call would only answer "not logged in".
  if (!hasToken()) return;
  const dimension = readDimension();
  const { spaceId, projectId } = readSelection();
  const query = viewTreeQuery(dimension, spaceId ?? undefined, projectId ?? undefined);
  if (query.enabled) void queryClient.prefetchQuery(query);
  void queryClient.prefetchQuery(viewProjectsQuery);
}
