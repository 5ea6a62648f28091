import {
  AdminUserCreateRequest,
  AdminUserPage,
  AdminUserPageRequest,
  AllocateProjectRequest,
  Empty,
  envelope,
  IdRequest,
  InitialPassword,
  ProjectTreeNode,
  UserIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { listLiveProjects } from '../projects/projects.service.ts';
import { listLiveSpaces } from '../spaces/spaces.service.ts';
import { presentAdminUser, presentProjectTree } from './admin.presenter.ts';
import {
  allocateProjects,
  createUserByAdmin,
  pageAdminUsers,
  resetPasswordByAdmin,
  setUserEnabled,
  userProjectIds,
} from './admin-users.service.ts';

/** User administration (super admin only). */
export function registerAdminUserRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'superAdmin' as const };

  r.post(
    '/api/admin/user/page',
    { config, schema: { body: AdminUserPageRequest, response: { 200: envelope(AdminUserPage) } } },
    async (request) => {
      const { rows, total } = await pageAdminUsers(db, request.body);
      const { pageIndex, pageSize } = request.body;
      return ok({ list: rows.map(presentAdminUser), total, pageIndex, pageSize });
    },
  );

  r.post(
    '/api/admin/user/create',
    { config, schema: { body: AdminUserCreateRequest, response: { 200: envelope(InitialPassword) } } },
    async (request) => ok(await createUserByAdmin(db, actorOf(request), request.body)),
  );

  r.post(
    '/api/admin/user/password/reset',
    { config, schema: { body: IdRequest, response: { 200: envelope(InitialPassword) } } },
    async (request) => ok(await resetPasswordByAdmin(db, actorOf(request), request.body.id)),
  );

  r.post(
    '/api/admin/user/disable',
    { config, schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await setUserEnabled(db, actorOf(request), request.body.id, false);
      return ok(null);
    },
  );

  r.post(
    '/api/admin/user/enable',
    { config, schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await setUserEnabled(db, actorOf(request), request.body.id, true);
      return ok(null);
    },
  );

  r.post(
    '/api/admin/user/allocateProject',
    { config, schema: { body: AllocateProjectRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await allocateProjects(db, actorOf(request), request.body);
      return ok(null);
    },
  );

  r.get(
    '/api/admin/user/getUserProjectIds',
    { config, schema: { querystring: UserIdQuery, response: { 200: envelope(z.array(z.string())) } } },
    async (request) => ok(await userProjectIds(db, request.query.userId)),
  );

  r.get(
    '/api/admin/project/tree',
    { config, schema: { response: { 200: envelope(z.array(ProjectTreeNode)) } } },
    async () => {
      const [spaces, projects] = await Promise.all([listLiveSpaces(db, {}), listLiveProjects(db)]);
      return ok(presentProjectTree(spaces, projects));
    },
  );
}
