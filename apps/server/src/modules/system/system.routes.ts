import { APP_VERSION, Ordering, systemViewConfig } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { signInFlags } from '../signin/signin-flags.ts';
import { isRegistrationEnabled } from './settings.service.ts';

/** Public configuration (the health and readiness probes live in http/lifecycle.ts). */
export function registerSystemRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  route(app, systemViewConfig, async () => ({
    enableReg: await isRegistrationEnabled(db),
    // Third-party form login is not offered; LDAP and OpenID Connect follow their settings.
    enableThirdPartyForm: false,
    ...(await signInFlags(db, env)),
    initOrder: Ordering.initOrder,
    responseHiddenColumns: ['required', 'maxLength'],
    composeShowDebug: true,
    version: APP_VERSION,
  }));
}
