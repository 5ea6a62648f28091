import {
  projectAdd,
  projectDelete,
  projectInfo,
  projectList,
  projectMemberAdd,
  projectMemberList,
  projectMemberRemove,
  projectMemberUpdateRole,
  projectSpace,
  projectUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { accessKey, ReadCache, sendCached } from '../../http/read-cache.ts';
import { route } from '../../http/route.ts';
import { withProjectRole } from '../../policies/access-context.ts';
import {
  addMembersTo,
  changeMemberRole,
  listMembersOf,
  removeMemberFrom,
} from '../members/members.service.ts';
import { presentMember, presentMemberBrief } from '../spaces/spaces.presenter.ts';
import { presentProject, presentProjectSpace } from './projects.presenter.ts';
import {
  addProject,
  deleteProject,
  editProject,
  getProjectInfo,
  listVisibleProjects,
  loadProject,
} from './projects.service.ts';

/** Projects and their members, at Torna's paths. */
export function registerProjectRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const cache = new ReadCache();

  route(app, projectAdd, async (request) => {
    const c = await callerOf(request, db);
    const project = await addProject(c, request.body);
    const access = c.access.spaceRoles.has(project.spaceId)
      ? withProjectRole(c.access, project.id, 'admin')
      : c.access;
    return presentProject(project, access);
  });

  route(app, projectUpdate, async (request) => {
    await editProject(await callerOf(request, db), request.body);
    return null;
  });

  route(app, projectDelete, async (request) => {
    await deleteProject(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, projectList, async (request, reply) => {
    const c = await callerOf(request, db);
    // Depends on the caller's memberships: cached per space, caller's access and data version (http/read-cache.ts).
    const key = `projects:${request.query.spaceId}:${accessKey(c.access)}`;
    return sendCached(request, reply, cache, db, key, async () =>
      (await listVisibleProjects(c, request.query.spaceId)).map((row) => presentProject(row, c.access)),
    );
  });

  route(app, projectInfo, async (request) => {
    const c = await callerOf(request, db);
    const { project, admins } = await getProjectInfo(c, request.query.projectId);
    return {
      ...presentProject(project, c.access),
      spaceName: project.spaceName,
      admins: admins.map(presentMemberBrief),
    };
  });

  route(app, projectSpace, async (request) => {
    const project = await loadProject(await callerOf(request, db), request.query.projectId, 'project.read');
    return presentProjectSpace(project);
  });

  route(app, projectMemberList, async (request) => {
    const { projectId, username, roleCode } = request.query;
    const rows = await listMembersOf(await callerOf(request, db), 'project', projectId, {
      username,
      role: roleCode,
    });
    return rows.map(presentMember);
  });

  route(app, projectMemberAdd, async (request) => {
    const { projectId, userIds, roleCode } = request.body;
    await addMembersTo(await callerOf(request, db), 'project', projectId, userIds, roleCode);
    return null;
  });

  route(app, projectMemberUpdateRole, async (request) => {
    const { projectId, userId, roleCode } = request.body;
    await changeMemberRole(await callerOf(request, db), 'project', projectId, userId, roleCode);
    return null;
  });

  route(app, projectMemberRemove, async (request) => {
    await removeMemberFrom(
      await callerOf(request, db),
      'project',
      request.body.projectId,
      request.body.userId,
    );
    return null;
  });
}
