import { type UserUpdateRequest, userGet, userInfo, userPermGet, userUpdate } from '@quire/shared';
import { call } from '../../lib/api-client.ts';

/** Name and avatar for the top bar. */
export function getUserInfo() {
  return call(userInfo);
}

/** The account as its owner sees it. */
export function getProfile() {
  return call(userGet);
}

/** Saves nickname and email. */
export function updateProfile(body: UserUpdateRequest) {
  return call(userUpdate, body, { silent: true });
}

/** Super-admin flag and the roles per space and project. */
export function getPerms() {
  return call(userPermGet);
}
