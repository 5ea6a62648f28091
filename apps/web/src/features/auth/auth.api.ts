import {
  Empty,
  type FirstPasswordRequest,
  type LoginRequest,
  LoginResponse,
  type PasswordUpdateRequest,
  type RegRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api-client.ts';

/** Answer of `POST /api/system/reg` (the server declares it inline, so it is mirrored here). */
const RegResponse = z.object({ id: z.string() });

/** Answer of `GET /api/system/oauth/token/get`: the token for a one-time login key. */
const LoginKeyToken = z.string().min(1);

// Forms show these errors inline, next to what the user typed, so the calls do not toast.

/** Logs in with an account and the password as typed. */
export function login(body: LoginRequest) {
  return apiPost('/system/login', LoginResponse, body, { silent: true });
}

/** Creates an account (when registration is open). */
export function register(body: RegRequest) {
  return apiPost('/system/reg', RegResponse, body, { silent: true });
}

/** Replaces the initial password at the first login. */
export function setFirstPassword(body: FirstPasswordRequest) {
  return apiPost('/system/password/updateByFirstLogin', Empty, body, { silent: true });
}

/** Changes the password; the server then revokes every session of the account. */
export function updatePassword(body: PasswordUpdateRequest) {
  return apiPost('/user/password/update', Empty, body, { silent: true });
}

/** Revokes the current token on the server. */
export function logout() {
  return apiPost('/user/logout', Empty, undefined, { silent: true });
}

/** Swaps the `loginKey` of a third-party login landing for a token. */
export function exchangeLoginKey(loginKey: string) {
  return apiGet('/system/oauth/token/get', LoginKeyToken, { loginKey }, { silent: true });
}
