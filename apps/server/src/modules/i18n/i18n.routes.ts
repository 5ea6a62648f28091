import { systemI18nGet, systemI18nLangList } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { getI18n, listLanguages } from './i18n.service.ts';

/** Language packs for the UI, readable before login. */
export function registerI18nRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(
    app,
    systemI18nGet,
    async (request) => await getI18n(db, request.log, request.actor, request.query.lang),
  );

  route(app, systemI18nLangList, async () => await listLanguages(db));
}
