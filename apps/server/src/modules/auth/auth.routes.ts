import {
  systemLogin,
  systemOauthTokenGet,
  systemPasswordUpdateByFirstLogin,
  systemReg,
  userLogin,
  userLogout,
  userPasswordUpdate,
} from '@quire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, clientIp } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import { exchangeLoginKey } from '../signin/identities.service.ts';
import { loginWithLdap } from '../signin/ldap-login.service.ts';
import { BIND_COOKIE, cookieOf, signInCookie } from '../signin/oidc-cookies.ts';
import {
  type AuthContext,
  changePassword,
  login,
  logout,
  register,
  setFirstPassword,
} from './auth.service.ts';

function clientOf(request: FastifyRequest) {
  return { ip: clientIp(request), userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Login, registration, logout and passwords, at Torna's paths. */
export function registerAuthRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const ctx: AuthContext = {
    db,
    tokenTtlDays: env.QUIRE_TOKEN_TTL_DAYS,
    registerLimit: env.QUIRE_REGISTER_LIMIT,
  };

  // Torna's web login path and the second client's path answer the same way.
  for (const contract of [systemLogin, userLogin]) {
    route(app, contract, async (request) =>
      request.body.source === 'ldap'
        ? await loginWithLdap({ ...ctx, env }, request.body, clientOf(request))
        : await login(ctx, request.body, clientOf(request)),
    );
  }

  route(app, systemReg, async (request) => await register(ctx, request.body, clientOf(request)));

  route(app, systemPasswordUpdateByFirstLogin, async (request) => {
    await setFirstPassword(ctx, actorOf(request), request.body.password);
    return null;
  });

  route(app, userPasswordUpdate, async (request) => {
    await changePassword(ctx, actorOf(request), request.body.oldPassword, request.body.password);
    return null;
  });

  route(app, userLogout, async (request) => {
    await logout(ctx, actorOf(request));
    return null;
  });

  // OAuth landing (`/successLogin?loginKey=`): the single-use key of an OpenID Connect login becomes a token.
  // The key works only with the binding cookie of the browser that started the sign-in (login CSRF).
  route(app, systemOauthTokenGet, async (request, reply) => {
    const bind = cookieOf(request, BIND_COOKIE);
    const token = await exchangeLoginKey(ctx, request.query.loginKey, bind, clientOf(request));
    reply.header('set-cookie', signInCookie(BIND_COOKIE, '', 0, request.protocol === 'https'));
    return token;
  });
}
