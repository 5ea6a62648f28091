import {
  Empty,
  Member,
  MemberPage,
  OpenUser,
  OpenUserWithSecret,
  Space,
  type SpaceAddRequest,
  SpaceInfo,
  type SpaceMemberAddRequest,
  type SpaceMemberPageRequest,
  type SpaceMemberRemoveRequest,
  type SpaceMemberRoleRequest,
  type SpaceUpdateRequest,
  UserSearchResult,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

const SpaceList = z.array(Space);
const MemberList = z.array(Member);
const OpenUserList = z.array(OpenUser);

/** The spaces the user belongs to (super admins: all). */
export function listSpaces(options?: RequestOptions) {
  return apiGet('/space/list', SpaceList, undefined, options);
}

/** Normal (not composed) spaces, for pickers. */
export function listNormalSpaces(options?: RequestOptions) {
  return apiGet('/space/listNormal', SpaceList, undefined, options);
}

/** One space with its admins. */
export function getSpaceInfo(spaceId: string, options?: RequestOptions) {
  return apiGet('/space/info', SpaceInfo, { spaceId }, options);
}

/** Creates a space; form errors are shown inline by the dialog. */
export function addSpace(body: SpaceAddRequest) {
  return apiPost('/space/add', Space, body, { silent: true });
}

/** Renames a space. */
export function updateSpace(body: SpaceUpdateRequest) {
  return apiPost('/space/update', Empty, body, { silent: true });
}

/** Deletes a space (restorable by a super admin for 30 days). */
export function deleteSpace(id: string) {
  return apiPost('/space/delete', Empty, { id }, { silent: true });
}

/** One page of a space's members, searchable by account, nickname or email. */
export function pageSpaceMembers(body: SpaceMemberPageRequest, options?: RequestOptions) {
  return apiPost('/space/member/page', MemberPage, body, options);
}

/** Every member of a space (for project admin and member pickers). */
export function listAllSpaceMembers(spaceId: string, options?: RequestOptions) {
  return apiGet('/space/member/all', MemberList, { spaceId }, options);
}

/** Adds users to a space with one role. */
export function addSpaceMembers(body: SpaceMemberAddRequest) {
  return apiPost('/space/member/add', Empty, body, { silent: true });
}

/** Changes a member's role. */
export function updateSpaceMemberRole(body: SpaceMemberRoleRequest) {
  return apiPost('/space/member/updateRole', Empty, body);
}

/** Removes a member (the server refuses to remove the last admin). */
export function removeSpaceMember(body: SpaceMemberRemoveRequest) {
  return apiPost('/space/member/remove', Empty, body);
}

/** Users whose account, nickname or email contains `text` (for member and admin pickers). */
export function searchUsers(text: string, options?: RequestOptions) {
  return apiPost('/user/search', UserSearchResult, { username: text }, options);
}

/** The open-API clients (appKey/secret) of a space. */
export function listOpenUsers(spaceId: string, options?: RequestOptions) {
  return apiGet('/space/openuser/list', OpenUserList, { spaceId }, options);
}

/** Creates an open-API client; the answer carries its secret, shown this once. */
export function addOpenUser(body: { spaceId: string; applicant: string }) {
  return apiPost('/space/openuser/add', OpenUserWithSecret, body, { silent: true });
}

/** Lets a client call the open API again. */
export function enableOpenUser(id: string) {
  return apiPost('/space/openuser/enable', Empty, { id });
}

/** Stops a client's calls at once. */
export function disableOpenUser(id: string) {
  return apiPost('/space/openuser/disable', Empty, { id });
}

/** Gives a client a new secret (the old one stops working); the answer is the one time it is shown. */
export function resetOpenUserSecret(id: string) {
  return apiPost('/space/openuser/resetSecret', OpenUserWithSecret, { id });
}
