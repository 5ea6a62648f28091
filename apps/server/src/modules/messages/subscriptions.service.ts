import type { SubscribedDoc, SubscribedDocPage, SubscribedProject } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { nowIso } from '../../lib/clock.ts';
import { canDoc } from '../../policies/doc.policy.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { loadProject } from '../projects/projects.service.ts';
import {
  deleteProjectSubscription,
  insertProjectSubscription,
  listFollowedDocs,
  listFollowedProjects,
} from './subscriptions.repository.ts';

/**
 * `GET /api/user/subscribe/doc/page`: the docs the caller follows and may still read, newest follow first. A
 * follower who lost their membership keeps the row (it comes back with the membership) but sees nothing and
 * hears nothing.
 */
export async function pageFollowedDocs(
  c: Caller,
  pageIndex: number,
  pageSize: number,
): Promise<SubscribedDocPage> {
  const rows = (await listFollowedDocs(c.db, c.actor.user.id)).filter((row) =>
    canDoc(
      c.access,
      projectRefOf({ id: row.projectId, spaceId: row.spaceId, isPrivate: row.isPrivate }),
      'read',
    ),
  );
  const list: SubscribedDoc[] = rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    httpMethod: row.httpMethod,
    moduleId: row.moduleId,
    moduleName: row.moduleName,
    projectId: row.projectId,
    projectName: row.projectName,
    subscribeTime: row.createdAt,
  }));
  return { list, total: rows.length, pageIndex, pageSize };
}

/** `GET /api/user/subscribe/project/list`: the projects the caller follows and may still read. */
export async function listProjectsFollowed(c: Caller): Promise<SubscribedProject[]> {
  const rows = await listFollowedProjects(c.db, c.actor.user.id);
  return rows
    .filter((row) => canDoc(c.access, projectRefOf(row), 'read'))
    .map((row) => ({
      sourceId: row.id,
      name: row.name,
      spaceId: row.spaceId,
      spaceName: row.spaceName,
      gmtModified: row.createdAt,
    }));
}

/** Whether the caller follows a project they may read. */
export async function isFollowingProject(c: Caller, projectId: string): Promise<boolean> {
  const project = await loadProject(c, projectId, 'doc.read');
  const rows = await listFollowedProjects(c.db, c.actor.user.id);
  return rows.some((row) => row.id === project.id);
}

/** Follows a project the caller may read (its docs, present and future), or stops following one. */
export async function setFollowingProject(c: Caller, projectId: string, follow: boolean): Promise<void> {
  if (!follow) {
    // Stopping needs no read right: it only removes the caller's own row.
    await deleteProjectSubscription(c.db, c.actor.user.id, projectId);
    return;
  }
  const project = await loadProject(c, projectId, 'doc.read');
  await insertProjectSubscription(c.db, c.actor.user.id, project.id, nowIso());
}
