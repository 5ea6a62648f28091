import {
  adminProjectTree,
  adminUserAllocateProject,
  adminUserCreate,
  adminUserDisable,
  adminUserEnable,
  adminUserGetUserProjectIds,
  adminUserPage,
  adminUserPasswordReset,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
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
  route(app, adminUserPage, async (request) => {
    const { rows, total } = await pageAdminUsers(db, request.body);
    const { pageIndex, pageSize } = request.body;
    return { list: rows.map(presentAdminUser), total, pageIndex, pageSize };
  });

  route(app, adminUserCreate, async (request) => await createUserByAdmin(db, actorOf(request), request.body));

  route(
    app,
    adminUserPasswordReset,
    async (request) => await resetPasswordByAdmin(db, actorOf(request), request.body.id),
  );

  route(app, adminUserDisable, async (request) => {
    await setUserEnabled(db, actorOf(request), request.body.id, false);
    return null;
  });

  route(app, adminUserEnable, async (request) => {
    await setUserEnabled(db, actorOf(request), request.body.id, true);
    return null;
  });

  route(app, adminUserAllocateProject, async (request) => {
    await allocateProjects(db, actorOf(request), request.body);
    return null;
  });

  route(app, adminUserGetUserProjectIds, async (request) => await userProjectIds(db, request.query.userId));

  route(app, adminProjectTree, async () => {
    const [spaces, projects] = await Promise.all([listLiveSpaces(db, {}), listLiveProjects(db)]);
    return presentProjectTree(spaces, projects);
  });
}
