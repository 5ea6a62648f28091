import {
  Empty,
  envelope,
  IdRequest,
  Member,
  Project,
  ProjectAddRequest,
  ProjectIdQuery,
  ProjectInfo,
  ProjectMemberAddRequest,
  ProjectMemberListQuery,
  ProjectMemberRemoveRequest,
  ProjectMemberRoleRequest,
  ProjectSpace,
  ProjectUpdateRequest,
  SpaceIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { accessKey, ReadCache, sendCached } from '../../http/read-cache.ts';
import { ok } from '../../http/reply.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache();

  r.post(
    '/api/project/add',
    { schema: { body: ProjectAddRequest, response: { 200: envelope(Project) } } },
    async (request) => {
      const c = await callerOf(request, db);
      const project = await addProject(c, request.body);
      const access = c.access.spaceRoles.has(project.spaceId)
        ? withProjectRole(c.access, project.id, 'admin')
        : c.access;
      return ok(presentProject(project, access));
    },
  );

  r.post(
    '/api/project/update',
    { schema: { body: ProjectUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await editProject(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/project/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await deleteProject(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/api/project/list',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(z.array(Project)) } } },
    async (request, reply) => {
      const c = await callerOf(request, db);
      // Depends on the caller's memberships: cached per space, caller's access and data version (http/read-cache.ts).
      const key = `projects:${request.query.spaceId}:${accessKey(c.access)}`;
      return sendCached(request, reply, cache, db, key, async () =>
        (await listVisibleProjects(c, request.query.spaceId)).map((row) => presentProject(row, c.access)),
      );
    },
  );

  r.get(
    '/api/project/info',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(ProjectInfo) } } },
    async (request) => {
      const c = await callerOf(request, db);
      const { project, admins } = await getProjectInfo(c, request.query.projectId);
      return ok({
        ...presentProject(project, c.access),
        spaceName: project.spaceName,
        admins: admins.map(presentMemberBrief),
      });
    },
  );

  r.get(
    '/api/project/space',
    { schema: { querystring: ProjectIdQuery, response: { 200: envelope(ProjectSpace) } } },
    async (request) => {
      const project = await loadProject(await callerOf(request, db), request.query.projectId, 'project.read');
      return ok(presentProjectSpace(project));
    },
  );

  r.get(
    '/api/project/member/list',
    { schema: { querystring: ProjectMemberListQuery, response: { 200: envelope(z.array(Member)) } } },
    async (request) => {
      const { projectId, username, roleCode } = request.query;
      const rows = await listMembersOf(await callerOf(request, db), 'project', projectId, {
        username,
        role: roleCode,
      });
      return ok(rows.map(presentMember));
    },
  );

  r.post(
    '/api/project/member/add',
    { schema: { body: ProjectMemberAddRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      const { projectId, userIds, roleCode } = request.body;
      await addMembersTo(await callerOf(request, db), 'project', projectId, userIds, roleCode);
      return ok(null);
    },
  );

  r.post(
    '/api/project/member/updateRole',
    { schema: { body: ProjectMemberRoleRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      const { projectId, userId, roleCode } = request.body;
      await changeMemberRole(await callerOf(request, db), 'project', projectId, userId, roleCode);
      return ok(null);
    },
  );

  r.post(
    '/api/project/member/remove',
    { schema: { body: ProjectMemberRemoveRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeMemberFrom(
        await callerOf(request, db),
        'project',
        request.body.projectId,
        request.body.userId,
      );
      return ok(null);
    },
  );
}
