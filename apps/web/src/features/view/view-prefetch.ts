import type { QueryClient } from '@tanstack/react-query';
import { getProjectTree, getSpaceTree } from './view.api.ts';
import { readDimension, readSelection } from './view-prefs.ts';

/** The tree query of the reader: one definition for the sidebar and the route's early start. */
export function viewTreeQuery(dimension: 1 | 2, spaceId: string | undefined, projectId: string | undefined) {
  return {
    queryKey: dimension === 1 ? ['view', 'tree', 'space', spaceId] : ['view', 'tree', 'project', projectId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      dimension === 1
        ? getSpaceTree(spaceId as string, { signal, silent: true })
        : getProjectTree(projectId as string, { signal, silent: true }),
    enabled: Boolean(dimension === 1 ? spaceId : projectId),
    staleTime: 30_000,
  };
}

/**
 * Starts loading the remembered tree as soon as `/view` is navigated to, while the reader's code is still
 * loading and compiling: the tree call overlaps that work instead of waiting for the sidebar to mount.
 */
export function prefetchViewTree(queryClient: QueryClient): void {
  const dimension = readDimension();
  const { spaceId, projectId } = readSelection();
  const query = viewTreeQuery(dimension, spaceId ?? undefined, projectId ?? undefined);
  if (query.enabled) void queryClient.prefetchQuery(query);
}
