import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { AccountLimits, optionalText, Password, requiredText, V } from '../validation.ts';
import { defineCall } from './contract.ts';

/** Body of `POST /api/system/login` and `POST /api/user/login`: the password as typed, hashed on the server only. */
export const LoginRequest = z.object({
  username: requiredText(AccountLimits.usernameMax),
  password: z
    .string({ error: V.requiredMax })
    .min(1, { error: `${V.requiredMax}|${AccountLimits.passwordMax}` })
    .max(200),
  /** Torna's login source: local accounts (`register`, the default) or the directory (`ldap`); form login is refused. */
  source: z.enum(['register', 'ldap', 'form']).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Answer of a login: the token, and status 2 when a new password must be set first. */
export const LoginResponse = z.object({ token: z.string(), status: z.number().int() });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Body of `POST /api/system/reg`. */
export const RegRequest = z.object({
  username: requiredText(AccountLimits.usernameMax),
  password: Password,
  nickname: requiredText(AccountLimits.nicknameMax),
});
export type RegRequest = z.infer<typeof RegRequest>;

/** Body of `POST /api/system/password/updateByFirstLogin`. */
export const FirstPasswordRequest = z.object({ password: Password });
export type FirstPasswordRequest = z.infer<typeof FirstPasswordRequest>;

/** Body of `POST /api/user/password/update`. */
export const PasswordUpdateRequest = z.object({
  oldPassword: z
    .string({ error: V.requiredMax })
    .min(1, { error: `${V.requiredMax}|${AccountLimits.passwordMax}` })
    .max(200),
  password: Password,
});
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

/** Query of `GET /api/system/oauth/token/get`: swaps a one-time login key for a token. */
export const LoginKeyQuery = z.object({ loginKey: requiredText(64) });

/** Public configuration the login and registration screens read (`GET /api/system/viewConfig`). */
export const ViewConfig = z.object({
  enableReg: z.boolean(),
  enableThirdPartyForm: z.boolean(),
  enableThirdPartyOauth: z.boolean(),
  enableLdap: z.boolean(),
  oauthLoginUrl: z.string(),
  oauthButtonText: z.string(),
  initOrder: z.number().int(),
  responseHiddenColumns: z.array(z.string()),
  composeShowDebug: z.boolean(),
  version: z.string(),
});
export type ViewConfig = z.infer<typeof ViewConfig>;

/** The optional nickname/email a user edits about themselves. */
export const UserUpdateRequest = z.object({
  nickname: requiredText(AccountLimits.nicknameMax),
  email: optionalText(AccountLimits.emailMax).optional(),
});
export type UserUpdateRequest = z.infer<typeof UserUpdateRequest>;

export const systemReg = defineCall({
  method: 'POST',
  path: '/api/system/reg',
  body: RegRequest,
  response: z.object({ id: z.string() }),
  access: 'public',
});

export const systemPasswordUpdateByFirstLogin = defineCall({
  method: 'POST',
  path: '/api/system/password/updateByFirstLogin',
  body: FirstPasswordRequest,
  response: Empty,
  access: 'pending',
});

export const userPasswordUpdate = defineCall({
  method: 'POST',
  path: '/api/user/password/update',
  body: PasswordUpdateRequest,
  response: Empty,
  access: 'user',
});

export const userLogout = defineCall({
  method: 'POST',
  path: '/api/user/logout',
  response: Empty,
  access: 'pending',
});

export const systemOauthTokenGet = defineCall({
  method: 'GET',
  path: '/api/system/oauth/token/get',
  query: LoginKeyQuery,
  response: z.string().min(1),
  access: 'public',
});

// Torna's web login path and the second client's path answer the same way.
export const systemLogin = defineCall({
  method: 'POST',
  path: '/api/system/login',
  body: LoginRequest,
  response: LoginResponse,
  access: 'public',
});

export const userLogin = defineCall({
  method: 'POST',
  path: '/api/user/login',
  body: LoginRequest,
  response: LoginResponse,
  access: 'public',
});
