import { Empty, Perms, UserInfo, UserProfile, type UserUpdateRequest } from '@quire/shared';
import { apiGet, apiPost } from '../../lib/api-client.ts';

/** Name and avatar for the top bar. */
export function getUserInfo() {
  return apiGet('/user/info', UserInfo);
}

/** The account as its owner sees it. */
export function getProfile() {
  return apiGet('/user/get', UserProfile);
}

/** Saves nickname and email. */
export function updateProfile(body: UserUpdateRequest) {
  return apiPost('/user/update', Empty, body, { silent: true });
}

/** Super-admin flag and the roles per space and project. */
export function getPerms() {
  return apiGet('/user/perm/get', Perms);
}
