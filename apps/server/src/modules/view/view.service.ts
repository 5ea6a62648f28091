import { type DocSearchHit, ViewNodeType, type ViewNodeWire, type ViewSpaceProjects } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { canDoc } from '../../policies/doc.policy.ts';
import { loadDocRef } from '../docs/doc-access.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { listLiveProjects, loadProject, type ProjectRow } from '../projects/projects.service.ts';
import { loadSpace } from '../spaces/spaces.service.ts';
import { searchDocs } from './doc-search.repository.ts';
import {
  deleteSubscription,
  insertSubscription,
  isSubscribed,
  listModulesOfProjects,
  listViewRows,
} from './view.repository.ts';
import { buildModuleNodes } from './view-tree.ts';

/**
 * The projects whose docs the caller may read, in the given spaces or in every space they belong to (super
 * admins: all): the one filter every reader call and search goes through.
 */
export async function readableProjects(c: Caller, spaceIds?: ReadonlyArray<string>): Promise<ProjectRow[]> {
  const scope = spaceIds ?? (c.access.isSuperAdmin ? undefined : [...c.access.spaceRoles.keys()]);
  const rows = await listLiveProjects(c.db, scope);
  return rows.filter((row) => canDoc(c.access, projectRefOf(row), 'read'));
}

/** `GET /api/doc/view/projects`: readable projects grouped by space, spaces and projects oldest first. */
export async function viewProjects(c: Caller): Promise<ViewSpaceProjects> {
  const bySpace = new Map<string, ViewSpaceProjects[number]>();
  for (const project of await readableProjects(c)) {
    let space = bySpace.get(project.spaceId);
    if (!space) {
      space = { id: project.spaceId, name: project.spaceName, projects: [] };
      bySpace.set(project.spaceId, space);
    }
    space.projects.push({ id: project.id, name: project.name });
  }
  return [...bySpace.values()];
}

async function moduleNodesOf(c: Caller, projectIds: ReadonlyArray<string>) {
  const modules = await listModulesOfProjects(c.db, projectIds);
  const rows = await listViewRows(
    c.db,
    modules.map((m) => m.id),
  );
  return { modules, nodes: buildModuleNodes(modules, rows) };
}

/** `GET /api/doc/view/dataByProject?projectId`: the project's applications with their folders and docs. */
export async function viewTreeOfProject(c: Caller, projectId: string): Promise<ViewNodeWire[]> {
  return buildProjectTree(c, await loadProject(c, projectId, 'doc.read'));
}

/** The tree of a project the caller may read (authorized): the same for every reader. */
export async function buildProjectTree(c: Caller, project: { id: string }): Promise<ViewNodeWire[]> {
  const { modules, nodes } = await moduleNodesOf(c, [project.id]);
  return modules.flatMap((m) => nodes.get(m.id) ?? []);
}

/** The space a caller may read, with the projects of it they may read: all a space tree depends on. */
export async function readableOfSpace(c: Caller, spaceId: string): Promise<ProjectRow[]> {
  const space = await loadSpace(c, spaceId, 'space.read');
  return readableProjects(c, [space.id]);
}

/** `GET /api/doc/view/data?spaceId`: the readable projects of a space (type 0), each with its applications. */
export async function viewTreeOfSpace(c: Caller, spaceId: string): Promise<ViewNodeWire[]> {
  return buildSpaceTree(c, await readableOfSpace(c, spaceId));
}

/** The tree of the given (readable) projects of a space. */
export async function buildSpaceTree(
  c: Caller,
  projects: ReadonlyArray<ProjectRow>,
): Promise<ViewNodeWire[]> {
  const { modules, nodes } = await moduleNodesOf(
    c,
    projects.map((p) => p.id),
  );
  return projects.map((project) => {
    const children = modules.filter((m) => m.projectId === project.id).flatMap((m) => nodes.get(m.id) ?? []);
    const apiCount = children.reduce((sum, child) => sum + (child.apiCount ?? 0), 0);
    const node: ViewNodeWire = {
      id: project.id,
      type: ViewNodeType.project,
      label: project.name,
      isFolder: true,
    };
    if (children.length > 0) node.children = children;
    if (apiCount > 0) node.apiCount = apiCount;
    return node;
  });
}

/** `GET /api/user/subscribe/doc/isSubscribe?sourceId`: whether the caller follows a doc they may read. */
export async function isFollowing(c: Caller, docId: string): Promise<boolean> {
  const ref = await loadDocRef(c, docId, 'read');
  return isSubscribed(c.db, c.actor.user.id, ref.id);
}

/** Follows or stops following a doc the caller may read. */
export async function setFollowing(c: Caller, docId: string, follow: boolean): Promise<void> {
  const ref = await loadDocRef(c, docId, 'read');
  if (ref.isFolder === 1) throw new AppError('doc.is_folder'); // a folder has no changes to follow
  if (follow) await insertSubscription(c.db, c.actor.user.id, ref.id, nowIso());
  else await deleteSubscription(c.db, c.actor.user.id, ref.id);
}

/**
 * The docs a caller may read that match `q` (name, URL, description, params), optionally in one readable
 * project only: the search of the reader, for other doors (the MCP server's `search_docs`).
 */
export async function searchReadableDocs(
  c: Caller,
  q: string,
  options: { projectId?: string | undefined; limit: number },
): Promise<DocSearchHit[]> {
  let ids = (await readableProjects(c)).map((p) => p.id);
  if (options.projectId !== undefined) ids = ids.filter((id) => id === options.projectId);
  if (ids.length === 0) return [];
  return searchDocs(c.db, q, { projectIds: ids, limit: options.limit });
}

export type { ViewRow } from './view.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { listViewRows } from './view.repository.ts';
