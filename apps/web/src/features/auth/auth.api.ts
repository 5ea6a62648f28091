import {
  type FirstPasswordRequest,
  type LoginRequest,
  type PasswordUpdateRequest,
  type RegRequest,
  systemLogin,
  systemOauthTokenGet,
  systemPasswordUpdateByFirstLogin,
  systemReg,
  userLogout,
  userPasswordUpdate,
} from '@quire/shared';
import { call } from '../../lib/api-client.ts';

// Forms show these errors inline, next to what the user typed, so the calls do not toast.

/** Logs in with an account and the password as typed. */
export function login(body: LoginRequest) {
  return call(systemLogin, body, { silent: true });
}

/** Creates an account (when registration is open). */
export function register(body: RegRequest) {
  return call(systemReg, body, { silent: true });
}

/** Replaces the initial password at the first login. */
export function setFirstPassword(body: FirstPasswordRequest) {
  return call(systemPasswordUpdateByFirstLogin, body, { silent: true });
}

/** Changes the password; the server then revokes every session of the account. */
export function updatePassword(body: PasswordUpdateRequest) {
  return call(userPasswordUpdate, body, { silent: true });
}

/** Revokes the current token on the server. */
export function logout() {
  return call(userLogout, undefined, { silent: true });
}

/** Swaps the `loginKey` of a third-party login landing for a token. */
export function exchangeLoginKey(loginKey: string) {
  return call(systemOauthTokenGet, { loginKey }, { silent: true });
}
