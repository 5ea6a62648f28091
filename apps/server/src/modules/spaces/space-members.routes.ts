import {
  Empty,
  envelope,
  Member,
  MemberPage,
  SpaceIdQuery,
  SpaceMemberAddRequest,
  SpaceMemberPageRequest,
  SpaceMemberRemoveRequest,
  SpaceMemberRoleRequest,
  UserSearchRequest,
  UserSearchResult,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/space/member/all',
    { schema: { querystring: SpaceIdQuery, response: { 200: envelope(z.array(Member)) } } },
    async (request) => {
      const rows = await listMembersOf(await callerOf(request, db), 'space', request.query.spaceId);
      return ok(rows.map(presentMember));
    },
  );

  r.post(
    '/api/space/member/page',
    { schema: { body: SpaceMemberPageRequest, response: { 200: envelope(MemberPage) } } },
    async (request) => {
      const { rows, total } = await pageMembersOf(
        await callerOf(request, db),
        'space',
        request.body.spaceId,
        request.body,
      );
      const { pageIndex, pageSize } = request.body;
      return ok({ list: rows.map(presentMember), total, pageIndex, pageSize });
    },
  );

  r.post(
    '/api/space/member/add',
    { schema: { body: SpaceMemberAddRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      const { spaceId, userIds, roleCode } = request.body;
      await addMembersTo(await callerOf(request, db), 'space', spaceId, userIds, roleCode);
      return ok(null);
    },
  );

  r.post(
    '/api/space/member/updateRole',
    { schema: { body: SpaceMemberRoleRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      const { spaceId, userId, roleCode } = request.body;
      await changeMemberRole(await callerOf(request, db), 'space', spaceId, userId, roleCode);
      return ok(null);
    },
  );

  r.post(
    '/api/space/member/remove',
    { schema: { body: SpaceMemberRemoveRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeMemberFrom(await callerOf(request, db), 'space', request.body.spaceId, request.body.userId);
      return ok(null);
    },
  );

  r.post(
    '/api/user/search',
    { schema: { body: UserSearchRequest, response: { 200: envelope(UserSearchResult) } } },
    async (request) => {
      const rows = await searchUsersByText(await callerOf(request, db), request.body.username);
      return ok(rows.map(presentUserBrief));
    },
  );
}
