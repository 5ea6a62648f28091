import { APP_VERSION, envelope, Ordering, ViewConfig } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { signInFlags } from '../signin/signin-flags.ts';
import { isRegistrationEnabled } from './settings.service.ts';

/** Public configuration and the health probe. */
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

  // For load balancers and the e2e harness: answers once the database is reachable.
  r.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: { response: { 200: envelope(z.object({ status: z.literal('ok') })) } },
    },
    async () => {
      await db.selectFrom('systemConfig').select('key').limit(1).execute();
      return ok({ status: 'ok' as const });
    },
  );
}
