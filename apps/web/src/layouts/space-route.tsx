import { type SpaceInfo, StorageKeys } from '@quire/shared';
import { useEffect } from 'react';
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { spaceHome } from '../features/spaces/space-paths.ts';
import { spaceInfoQuery } from '../features/spaces/spaces.queries.ts';
import { userKeys } from '../features/user/user.queries.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { hasToken, writeText } from '../lib/storage.ts';

/**
 * Loads the space before its screens show, for the breadcrumb and the rail; a refused or missing space
 * shows OrgRouteError. Entering a space refreshes the user's roles, as roles change when admins act.
 */
export async function spaceLoader({ params }: LoaderFunctionArgs): Promise<SpaceInfo | null> {
  const spaceId = params.spaceId;
  // Without a token the root guard redirects to login; asking the server first would only fail.
  if (!spaceId || !hasToken()) return null;
  void queryClient.invalidateQueries({ queryKey: userKeys.perms });
  return queryClient.fetchQuery(spaceInfoQuery(spaceId));
}

/** Breadcrumb "home › space" and the space menu in the rail. */
export const spaceHandle: RouteHandle = {
  rail: 'space',
  breadcrumb: (match) => {
    const space = match.data as SpaceInfo | null | undefined;
    return space ? { space: { label: space.name, to: spaceHome(space) } } : {};
  },
};

/** The space screens' shared route: remembers the space (`torna.spaceid`), as Torna did. */
export function SpaceRoute() {
  const { spaceId } = useParams();
  useEffect(() => {
    if (spaceId) writeText(StorageKeys.spaceId, spaceId);
  }, [spaceId]);
  return <Outlet />;
}
