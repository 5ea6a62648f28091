import {
  CheckPasswordRequest,
  Empty,
  envelope,
  IdRequest,
  PublicDoc,
  PublicShare,
  ShareAddRequest,
  ShareConfig,
  ShareContentRow,
  ShareDocQuery,
  ShareEnvironmentRow,
  ShareIdQuery,
  ShareMenu,
  SharePage,
  SharePageRequest,
  ShareRegenerateAnswer,
  ShareUpdateRequest,
  VisitorSession,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { clientIp, ok } from '../../http/reply.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { checkSharePassword, publicShare, shareDoc, shareMenu } from './share-public.service.ts';
import {
  addShare,
  editShare,
  listShares,
  regenerateSharePassword,
  removeShare,
  setShareStatus,
  shareContent,
  shareDocIds,
  shareEnvironments,
} from './shares.service.ts';
import { setVisitorCookie } from './visitor-access.ts';

/** Shares of an application (its devs and admins) and the public calls of the `/share` pages. */
export function registerShareRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = () => secretBoxOf(db, env.QUIRE_SECRET_KEY);

  r.post(
    '/api/doc/share/page',
    { schema: { body: SharePageRequest, response: { 200: envelope(SharePage) } } },
    async (request) => ok(await listShares(await callerOf(request, db), await box(), request.body)),
  );
  r.post(
    '/api/doc/share/add',
    { schema: { body: ShareAddRequest, response: { 200: envelope(ShareConfig) } } },
    async (request) => ok(await addShare(await callerOf(request, db), await box(), request.body)),
  );
  r.post(
    '/api/doc/share/update',
    { schema: { body: ShareUpdateRequest, response: { 200: envelope(ShareConfig) } } },
    async (request) => ok(await editShare(await callerOf(request, db), await box(), request.body)),
  );
  r.post(
    '/api/doc/share/del',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeShare(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );
  for (const [path, enabled] of [
    ['/api/doc/share/enable', true],
    ['/api/doc/share/disable', false],
  ] as const) {
    r.post(path, { schema: { body: IdRequest, response: { 200: envelope(Empty) } } }, async (request) => {
      await setShareStatus(await callerOf(request, db), request.body.id, enabled);
      return ok(null);
    });
  }
  r.post(
    '/api/doc/share/regeneratePassword',
    { schema: { body: IdRequest, response: { 200: envelope(ShareRegenerateAnswer) } } },
    async (request) =>
      ok({
        password: await regenerateSharePassword(await callerOf(request, db), await box(), request.body.id),
      }),
  );
  r.get(
    '/api/doc/share/listContent',
    { schema: { querystring: ShareIdQuery, response: { 200: envelope(z.array(ShareContentRow)) } } },
    async (request) => ok(await shareContent(await callerOf(request, db), request.query.id)),
  );
  r.get(
    '/api/doc/share/listShareDocIds',
    { schema: { querystring: ShareIdQuery, response: { 200: envelope(z.array(ShareContentRow)) } } },
    async (request) => ok(await shareDocIds(await callerOf(request, db), request.query.id)),
  );
  r.get(
    '/api/doc/share/listEnvironment',
    { schema: { querystring: ShareIdQuery, response: { 200: envelope(z.array(ShareEnvironmentRow)) } } },
    async (request) => ok(await shareEnvironments(await callerOf(request, db), request.query.id)),
  );

  // Public: visitors of /share pages. Encrypted shares answer nothing before the password was checked.
  r.get(
    '/api/share/get',
    {
      config: { auth: 'public' },
      schema: { querystring: ShareIdQuery, response: { 200: envelope(PublicShare) } },
    },
    async (request) => ok(await publicShare(db, request, request.query.id)),
  );
  r.get(
    '/api/share/menu',
    {
      config: { auth: 'public' },
      schema: { querystring: ShareIdQuery, response: { 200: envelope(ShareMenu) } },
    },
    async (request) => ok(await shareMenu(db, request, request.query.id)),
  );
  r.post(
    '/api/share/checkPassword',
    {
      config: { auth: 'public' },
      schema: { body: CheckPasswordRequest, response: { 200: envelope(VisitorSession) } },
    },
    async (request, reply) => {
      const session = await checkSharePassword(db, { ...request.body, ip: clientIp(request) });
      setVisitorCookie(reply, request, `share:${request.body.id}`, session);
      return ok(session);
    },
  );
  r.get(
    '/api/doc/share/view',
    {
      config: { auth: 'public' },
      schema: { querystring: ShareDocQuery, response: { 200: envelope(PublicDoc) } },
    },
    async (request) => ok(await shareDoc(db, request, request.query.shareConfigId, request.query.docId)),
  );
}
