import {
  docShareAdd,
  docShareDel,
  docShareDisable,
  docShareEnable,
  docShareListContent,
  docShareListEnvironment,
  docShareListShareDocIds,
  docSharePage,
  docShareRegeneratePassword,
  docShareUpdate,
  docShareView,
  shareChangelog,
  shareCheckPassword,
  shareGet,
  shareMenu,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { clientIp } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import {
  checkSharePassword,
  shareMenu as menuOfShare,
  publicShare,
  shareDoc,
  shareLlms,
} from './share-public.service.ts';
import { LLMS_FILES, sendLlms } from './llms-text.ts';
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
import { shareChangelogFeed, shareChangelogOf } from './share-changelog.ts';
import { setVisitorCookie } from './visitor-access.ts';

/** Shares of an application (its devs and admins) and the public calls of the `/share` pages. */
export function registerShareRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const box = () => secretBoxOf(db, env.QUIRE_SECRET_KEY);

  // The share for language models (llmstxt.org): the same gate as the page; links absolute only when
  // QUIRE_PUBLIC_URL says where Quire lives (a Host header is never trusted for them).
  for (const [file, full] of LLMS_FILES) {
    app.get<{ Params: { id: string } }>(
      `/share/:id/${file}`,
      { config: { auth: 'public' } },
      (request, reply) =>
        sendLlms(request, reply, () =>
          shareLlms(db, request, request.params.id, { full, base: env.QUIRE_PUBLIC_URL ?? '' }),
        ),
    );
  }

  route(
    app,
    docSharePage,
    async (request) => await listShares(await callerOf(request, db), await box(), request.body),
  );
  route(
    app,
    docShareAdd,
    async (request) => await addShare(await callerOf(request, db), await box(), request.body),
  );
  route(
    app,
    docShareUpdate,
    async (request) => await editShare(await callerOf(request, db), await box(), request.body),
  );
  route(app, docShareDel, async (request) => {
    await removeShare(await callerOf(request, db), request.body.id);
    return null;
  });
  for (const [contract, enabled] of [
    [docShareEnable, true],
    [docShareDisable, false],
  ] as const) {
    route(app, contract, async (request) => {
      await setShareStatus(await callerOf(request, db), request.body.id, enabled);
      return null;
    });
  }
  route(app, docShareRegeneratePassword, async (request) => ({
    password: await regenerateSharePassword(await callerOf(request, db), await box(), request.body.id),
  }));
  route(
    app,
    docShareListContent,
    async (request) => await shareContent(await callerOf(request, db), request.query.id),
  );
  route(
    app,
    docShareListShareDocIds,
    async (request) => await shareDocIds(await callerOf(request, db), request.query.id),
  );
  route(
    app,
    docShareListEnvironment,
    async (request) => await shareEnvironments(await callerOf(request, db), request.query.id),
  );

  // Public: visitors of /share pages. Encrypted shares answer nothing before the password was checked.
  route(app, shareGet, async (request) => await publicShare(db, request, request.query.id));
  route(app, shareMenu, async (request) => await menuOfShare(db, request, request.query.id));
  route(app, shareChangelog, async (request) => await shareChangelogOf(db, request, request.query.id));
  // The changelog as an Atom feed a partner subscribes to (docs/releases.md); not the JSON envelope.
  app.get<{ Params: { id: string } }>(
    '/share/:id/changelog.atom',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const xml = await shareChangelogFeed(db, request, request.params.id.slice(0, 64));
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
  route(app, shareCheckPassword, async (request, reply) => {
    const session = await checkSharePassword(db, { ...request.body, ip: clientIp(request) });
    setVisitorCookie(reply, request, `share:${request.body.id}`, session);
    return session;
  });
  route(
    app,
    docShareView,
    async (request) => await shareDoc(db, request, request.query.shareConfigId, request.query.docId),
  );
}
