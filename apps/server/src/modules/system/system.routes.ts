import { APP_VERSION, envelope, Ordering, ViewConfig } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { signInFlags } from '../signin/signin-flags.ts';
import { isRegistrationEnabled } from './settings.service.ts';

/** Public configuration (the health and readiness probes live in http/lifecycle.ts). */
export function registerSystemRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/system/viewConfig',
    { config: { auth: 'public' }, schema: { response: { 200: envelope(ViewConfig) } } },
    async () =>
      ok({
        enableReg: await isRegistrationEnabled(db),
        // Third-party form login is not offered; LDAP and OpenID Connect follow their settings.
        enableThirdPartyForm: false,
        ...(await signInFlags(db, env)),
        initOrder: Ordering.initOrder,
        responseHiddenColumns: ['required', 'maxLength'],
        composeShowDebug: true,
        version: APP_VERSION,
      }),
  );
}
