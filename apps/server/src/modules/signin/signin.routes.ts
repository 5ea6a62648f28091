import {
  adminLdapGet,
  adminLdapTest,
  adminLdapUpdate,
  adminOidcGet,
  adminOidcUpdate,
  adminUserIdentityLink,
  adminUserIdentityList,
  adminUserIdentityUnlink,
  type SystemConfig,
  systemConfig,
} from '@quire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { isRegistrationEnabled } from '../system/settings.service.ts';
import { linkIdentity, listIdentities, unlinkIdentity } from './identity-links.service.ts';
import { testLdapConnection } from './ldap.service.ts';
import { BIND_COOKIE, cookieOf, STATE_COOKIE, signInCookie } from './oidc-cookies.ts';
import {
  finishOidcLogin,
  OIDC_CALLBACK_PATH,
  OIDC_LOGIN_PATH,
  STATE_TTL_MS,
  startOidcLogin,
} from './oidc.service.ts';
import {
  ldapUsable,
  mergeLdap,
  oidcUsable,
  presentLdap,
  presentOidc,
  readLdapConfig,
  readOidcConfig,
  writeLdapSettings,
  writeOidcSettings,
} from './signin-settings.service.ts';

/** The public base URL: QUIRE_PUBLIC_URL, else the request's own scheme and host. */
function baseUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Sends the browser to the login page with the failure's code, which the page shows in its language. The
 * landing pages are relative unless QUIRE_PUBLIC_URL says where the app lives, so a forged Host header never
 * picks where a browser goes.
 */
function toLoginWithError(reply: FastifyReply, appBase: string, error: unknown): FastifyReply {
  const code = error instanceof AppError ? error.code : 'internal';
  return reply.redirect(`${appBase}/login?oauthError=${encodeURIComponent(code)}`, 302);
}

/** LDAP and OpenID Connect sign-in: admin settings, the connection test, the OIDC flow and the public config. */
export function registerSignInRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicRoute = { auth: 'public' as const };

  route(app, systemConfig, async () => {
    const [ldap, oidcConfig] = [await readLdapConfig(db, env), await readOidcConfig(db, env)];
    const loginSources: SystemConfig['loginSources'] = ['register'];
    if (ldapUsable(ldap)) loginSources.push('ldap');
    if (oidcUsable(oidcConfig)) loginSources.push('oauth');
    return {
      loginSources,
      enableLdap: ldapUsable(ldap),
      enableThirdPartyOauth: oidcUsable(oidcConfig),
      enableReg: await isRegistrationEnabled(db),
      oauthLoginUrl: oidcUsable(oidcConfig) ? OIDC_LOGIN_PATH : '',
      oauthButtonText: oidcUsable(oidcConfig) ? oidcConfig.buttonText : '',
    };
  });

  route(app, adminLdapGet, async () => presentLdap(await readLdapConfig(db, env)));

  route(app, adminLdapUpdate, async (request) => {
    await writeLdapSettings(db, env, mergeLdap(await readLdapConfig(db, env), request.body));
    return presentLdap(await readLdapConfig(db, env));
  });

  route(app, adminLdapTest, async (request) => {
    // The form's values as typed (not yet saved), over the configuration in effect.
    const config = mergeLdap(await readLdapConfig(db, env), request.body);
    return await testLdapConnection(config, request.body.testUsername || undefined);
  });

  route(app, adminOidcGet, async (request) =>
    presentOidc(
      await readOidcConfig(db, env),
      `${baseUrlOf(request, env.QUIRE_PUBLIC_URL)}${OIDC_CALLBACK_PATH}`,
    ),
  );

  route(app, adminOidcUpdate, async (request) => {
    await writeOidcSettings(db, env, await readOidcConfig(db, env), request.body);
    return presentOidc(
      await readOidcConfig(db, env),
      `${baseUrlOf(request, env.QUIRE_PUBLIC_URL)}${OIDC_CALLBACK_PATH}`,
    );
  });

  route(app, adminUserIdentityList, async (request) => await listIdentities(db, request.query.userId));

  route(app, adminUserIdentityLink, async (request) => await linkIdentity(db, request.body));

  route(app, adminUserIdentityUnlink, async (request) => {
    await unlinkIdentity(db, request.body.id);
    return null;
  });

  // The login button: a redirect to the provider, as Torna's `/system/oauth/login/custom`.
  r.get(
    OIDC_LOGIN_PATH,
    {
      config: publicRoute,
      schema: { querystring: z.object({ redirect: z.string().max(2048).optional() }) },
    },
    async (request, reply) => {
      const base = baseUrlOf(request, env.QUIRE_PUBLIC_URL);
      try {
        const { url, state, bind } = await startOidcLogin(db, env, base, request.query.redirect ?? '');
        const secure = base.startsWith('https:');
        // The binding lives a minute longer than the state: the key is redeemed after the callback.
        reply.header('set-cookie', [
          signInCookie(STATE_COOKIE, state, STATE_TTL_MS / 1000, secure),
          signInCookie(BIND_COOKIE, bind, STATE_TTL_MS / 1000 + 60, secure),
        ]);
        return reply.redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: error, reqId: request.id }, 'OpenID Connect login could not start');
        return toLoginWithError(reply, env.QUIRE_PUBLIC_URL ?? '', error);
      }
    },
  );

  // The redirect URI registered at the provider.
  r.get(
    OIDC_CALLBACK_PATH,
    { config: publicRoute, schema: { querystring: z.record(z.string(), z.string().max(4096)) } },
    async (request, reply) => {
      const base = baseUrlOf(request, env.QUIRE_PUBLIC_URL);
      const secure = base.startsWith('https:');
      // The state cookie is spent whatever happens next; the binding stays for the key's redemption.
      reply.header('set-cookie', signInCookie(STATE_COOKIE, '', 0, secure));
      try {
        if (request.query.error) throw new AppError('oidc.callback_failed', { args: [request.query.error] });
        const { loginKey, redirect } = await finishOidcLogin(db, env, base, request.query, {
          state: cookieOf(request, STATE_COOKIE),
          bind: cookieOf(request, BIND_COOKIE),
        });
        const landing = new URLSearchParams({ loginKey, ...(redirect ? { redirect } : {}) });
        return reply.redirect(`${env.QUIRE_PUBLIC_URL ?? ''}/successLogin?${landing}`, 302);
      } catch (error) {
        request.log.warn({ err: error, reqId: request.id }, 'OpenID Connect callback refused');
        return toLoginWithError(reply, env.QUIRE_PUBLIC_URL ?? '', error);
      }
    },
  );
}
