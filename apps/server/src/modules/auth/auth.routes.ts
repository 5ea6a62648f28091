import {
  Empty,
  envelope,
  FirstPasswordRequest,
  LoginKeyQuery,
  LoginRequest,
  LoginResponse,
  PasswordUpdateRequest,
  RegRequest,
} from '@quire/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, clientIp, ok } from '../../http/reply.ts';
import { exchangeLoginKey } from '../signin/identities.service.ts';
import { loginWithLdap } from '../signin/ldap-login.service.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx: AuthContext = { db, tokenTtlDays: env.QUIRE_TOKEN_TTL_DAYS };

  // Torna's web login path and the second client's path answer the same way.
  for (const url of ['/api/system/login', '/api/user/login']) {
    r.post(
      url,
      {
        config: { auth: 'public' },
        schema: { body: LoginRequest, response: { 200: envelope(LoginResponse) } },
      },
      async (request) =>
        ok(
          request.body.source === 'ldap'
            ? await loginWithLdap({ ...ctx, env }, request.body, clientOf(request))
            : await login(ctx, request.body, clientOf(request)),
        ),
    );
  }

  r.post(
    '/api/system/reg',
    {
      config: { auth: 'public' },
      schema: { body: RegRequest, response: { 200: envelope(z.object({ id: z.string() })) } },
    },
    async (request) => ok(await register(ctx, request.body)),
  );

  r.post(
    '/api/system/password/updateByFirstLogin',
    {
      config: { auth: 'pending' },
      schema: { body: FirstPasswordRequest, response: { 200: envelope(Empty) } },
    },
    async (request) => {
      await setFirstPassword(ctx, actorOf(request), request.body.password);
      return ok(null);
    },
  );

  r.post(
    '/api/user/password/update',
    { schema: { body: PasswordUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await changePassword(ctx, actorOf(request), request.body.oldPassword, request.body.password);
      return ok(null);
    },
  );

  r.post(
    '/api/user/logout',
    { config: { auth: 'pending' }, schema: { response: { 200: envelope(Empty) } } },
    async (request) => {
      await logout(ctx, actorOf(request));
      return ok(null);
    },
  );

  // OAuth landing (`/successLogin?loginKey=`): the single-use key of an OpenID Connect login becomes a token.
  r.get(
    '/api/system/oauth/token/get',
    {
      config: { auth: 'public' },
      schema: { querystring: LoginKeyQuery, response: { 200: envelope(z.string()) } },
    },
    async (request) => ok(await exchangeLoginKey(ctx, request.query.loginKey, clientOf(request))),
  );
}
