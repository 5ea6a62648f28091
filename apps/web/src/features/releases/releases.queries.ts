import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getComposeChangelog, getShareChangelog } from '../sharing/visitor.api.ts';
import {
  addRelease,
  compareRelease,
  followRelease,
  getChangelog,
  listReleases,
  releaseDoc,
  releaseDocs,
  removeRelease,
  setReleaseStatus,
} from './releases.api.ts';

export const releaseKeys = {
  all: ['releases'] as const,
  list: (projectId: string) => ['releases', 'list', projectId] as const,
  compare: (projectId: string, fromId: string, toId: string) =>
    ['releases', 'compare', projectId, fromId, toId] as const,
  changelog: (projectId: string, moduleId: string, limit: number) =>
    ['releases', 'changelog', projectId, moduleId, limit] as const,
};

export function releasesQuery(projectId: string) {
  return queryOptions({
    queryKey: releaseKeys.list(projectId),
    queryFn: ({ signal }) => listReleases(projectId, { signal }),
  });
}

export function compareQuery(projectId: string, fromId: string, toId = '') {
  return queryOptions({
    queryKey: releaseKeys.compare(projectId, fromId, toId),
    queryFn: ({ signal }) => compareRelease(projectId, fromId, toId, { signal }),
  });
}

export function releaseDocsQuery(projectId: string, releaseId: string) {
  return queryOptions({
    queryKey: ['releases', 'docs', projectId, releaseId] as const,
    queryFn: ({ signal }) => releaseDocs(projectId, releaseId, { signal }),
    enabled: releaseId !== '',
  });
}

export function releaseDocQuery(releaseId: string, docId: string) {
  return queryOptions({
    queryKey: ['releases', 'doc', releaseId, docId] as const,
    queryFn: ({ signal }) => releaseDoc(releaseId, docId, { signal }),
    enabled: releaseId !== '' && docId !== '',
  });
}

/**
 * The changelog with its first `limit` operations (the summary counts them all): a page asks for more as the
 * reader does, and keeps showing what it has meanwhile (same project and application only).
 */
export function changelogQuery(projectId: string, moduleId: string, limit: number) {
  return queryOptions({
    queryKey: releaseKeys.changelog(projectId, moduleId, limit),
    queryFn: ({ signal }) => getChangelog(projectId, moduleId, limit, { signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === projectId && previousQuery.queryKey[3] === moduleId
        ? previous
        : undefined,
  });
}

/**
 * The limit a changelog page starts with: the largest one already in the cache for this project and
 * application (the light changelog page hands its answer over there, "show more" included), else `first`.
 */
export function startingChangelogLimit(
  client: QueryClient,
  projectId: string,
  moduleId: string,
  first: number,
): number {
  const cached = client
    .getQueriesData({ queryKey: ['releases', 'changelog', projectId, moduleId] })
    .filter(([, data]) => data !== undefined)
    .map(([key]) => Number(key[4]))
    .filter((limit) => Number.isInteger(limit));
  return Math.max(first, ...cached);
}

/** A share's changelog, for its visitors; a share without it answers an error the page leaves silent. */
export function shareChangelogQuery(shareId: string) {
  return queryOptions({
    queryKey: ['share', shareId, 'changelog'] as const,
    queryFn: ({ signal }) => getShareChangelog(shareId, { signal, silent: true }),
    retry: false,
  });
}

/**
 * A composed project's changelog, for its visitors. Keyed under the visitor's keys of the composed project, so a
 * password check (which invalidates them) asks again; an error leaves the page silent.
 */
export function composeChangelogQuery(showId: string) {
  return queryOptions({
    queryKey: ['visitor', 'show', showId, 'changelog'] as const,
    queryFn: ({ signal }) => getComposeChangelog(showId, { signal, silent: true }),
    retry: false,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: releaseKeys.all });
}

export function useAddRelease() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: addRelease, onSuccess: invalidate });
}

export function useSetReleaseStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 0 | 1 }) => setReleaseStatus(id, status),
    onSuccess: invalidate,
  });
}

export function useRemoveRelease() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: removeRelease, onSuccess: invalidate });
}

export function useFollowRelease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, follow }: { id: string; follow: boolean }) => followRelease(id, follow),
    onSuccess: invalidate,
  });
}
