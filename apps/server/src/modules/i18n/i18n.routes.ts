import { envelope, I18nContent, I18nQuery, LangList } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { getI18n, listLanguages } from './i18n.service.ts';

/** Language packs for the UI, readable before login. */
export function registerI18nRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/system/i18n/get',
    {
      config: { auth: 'optional' },
      schema: { querystring: I18nQuery, response: { 200: envelope(I18nContent) } },
    },
    async (request) => ok(await getI18n(db, request.log, request.actor, request.query.lang)),
  );

  r.get(
    '/api/system/i18n/lang/list',
    { config: { auth: 'public' }, schema: { response: { 200: envelope(LangList) } } },
    async () => ok(await listLanguages(db)),
  );
}
