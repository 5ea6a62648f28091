import { type ProjectSpace, StorageKeys } from '@quire/shared';
import { useEffect } from 'react';
import { type LoaderFunctionArgs, Outlet, useLoaderData, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { moduleQuery } from '../features/modules/modules.queries.ts';
import { projectSpaceQuery } from '../features/projects/projects.queries.ts';
import { permsQuery } from '../features/user/user.queries.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { hasToken, writeText } from '../lib/storage.ts';

/**
 * Loads the project's and its space's names (`GET /api/project/space`) before its screens show; a refused
 * (private project, not a member) or missing project shows OrgRouteError.
 */
export async function projectLoader({ params }: LoaderFunctionArgs): Promise<ProjectSpace | null> {
  if (!hasToken()) return null;
  // The doc editor's routes name an application, not a project: its project is looked up first.
  const projectId =
    params.projectId ??
    (params.moduleId ? (await queryClient.fetchQuery(moduleQuery(params.moduleId))).projectId : undefined);
  if (!projectId) return null;
  // Fresh roles for the project's screens, fetched beside the names rather than after the layout mounts: the
  // screens wait for them, so starting late put a round trip and a second render in front of every page.
  void queryClient.prefetchQuery(permsQuery());
  return queryClient.fetchQuery(projectSpaceQuery(projectId));
}

/** Breadcrumb "home › space › project" and the project menu in the rail. */
export const projectHandle: RouteHandle = {
  rail: 'project',
  breadcrumb: (match) => {
    const names = match.data as ProjectSpace | null | undefined;
    if (!names) return {};
    return {
      space: { label: names.spaceName, to: `/space/project/${encodeURIComponent(names.spaceId)}` },
      project: { label: names.projectName, to: `/project/doc/${encodeURIComponent(names.projectId)}` },
    };
  },
};

/** The project screens' shared route: remembers the project (`torna.projectid`), as Torna did. */
export function ProjectRoute() {
  const names = useLoaderData() as ProjectSpace | null;
  const projectId = useParams().projectId ?? names?.projectId;
  useEffect(() => {
    if (projectId) writeText(StorageKeys.projectId, projectId);
  }, [projectId]);
  return <Outlet />;
}
