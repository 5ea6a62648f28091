import {
  spaceMemberAdd,
  spaceMemberAll,
  spaceMemberPage,
  spaceMemberRemove,
  spaceMemberUpdateRole,
  userSearch,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addMembersTo,
  changeMemberRole,
  listMembersOf,
  pageMembersOf,
  removeMemberFrom,
  searchUsersByText,
} from '../members/members.service.ts';
import { presentMember, presentUserBrief } from './spaces.presenter.ts';

/** Members of a space and the user search that feeds the member pickers. */
export function registerSpaceMemberRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, spaceMemberAll, async (request) => {
    const rows = await listMembersOf(await callerOf(request, db), 'space', request.query.spaceId);
    return rows.map(presentMember);
  });

  route(app, spaceMemberPage, async (request) => {
    const { rows, total } = await pageMembersOf(
      await callerOf(request, db),
      'space',
      request.body.spaceId,
      request.body,
    );
    const { pageIndex, pageSize } = request.body;
    return { list: rows.map(presentMember), total, pageIndex, pageSize };
  });

  route(app, spaceMemberAdd, async (request) => {
    const { spaceId, userIds, roleCode } = request.body;
    await addMembersTo(await callerOf(request, db), 'space', spaceId, userIds, roleCode);
    return null;
  });

  route(app, spaceMemberUpdateRole, async (request) => {
    const { spaceId, userId, roleCode } = request.body;
    await changeMemberRole(await callerOf(request, db), 'space', spaceId, userId, roleCode);
    return null;
  });

  route(app, spaceMemberRemove, async (request) => {
    await removeMemberFrom(await callerOf(request, db), 'space', request.body.spaceId, request.body.userId);
    return null;
  });

  route(app, userSearch, async (request) => {
    const rows = await searchUsersByText(await callerOf(request, db), request.body.username);
    return rows.map(presentUserBrief);
  });
}
