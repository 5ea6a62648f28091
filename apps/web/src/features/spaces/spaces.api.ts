import {
  type SpaceAddRequest,
  type SpaceMemberAddRequest,
  type SpaceMemberPageRequest,
  type SpaceMemberRemoveRequest,
  type SpaceMemberRoleRequest,
  type SpaceUpdateRequest,
  spaceAdd,
  spaceDelete,
  spaceInfo,
  spaceInternalAccessSave,
  spaceList,
  spaceListNormal,
  spaceMemberAdd,
  spaceMemberAll,
  spaceMemberPage,
  spaceMemberRemove,
  spaceMemberUpdateRole,
  spaceOpenuserAdd,
  spaceOpenuserDisable,
  spaceOpenuserEnable,
  spaceOpenuserList,
  spaceOpenuserResetSecret,
  spaceUpdate,
  userSearch,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** The spaces the user belongs to (super admins: all). */
export function listSpaces(options?: RequestOptions) {
  return call(spaceList, undefined, options);
}

/** Normal (not composed) spaces, for pickers. */
export function listNormalSpaces(options?: RequestOptions) {
  return call(spaceListNormal, undefined, options);
}

/** One space with its admins. */
export function getSpaceInfo(spaceId: string, options?: RequestOptions) {
  return call(spaceInfo, { spaceId }, options);
}

/** Creates a space; form errors are shown inline by the dialog. */
export function addSpace(body: SpaceAddRequest) {
  return call(spaceAdd, body, { silent: true });
}

/** Renames a space. */
export function updateSpace(body: SpaceUpdateRequest) {
  return call(spaceUpdate, body, { silent: true });
}

/** Grants or withdraws a space's internal network access (super admins only). */
export function setSpaceInternalAccess(spaceId: string, internalAccess: boolean) {
  return call(spaceInternalAccessSave, { spaceId, internalAccess });
}

/** Deletes a space (restorable by a super admin for 30 days). */
export function deleteSpace(id: string) {
  return call(spaceDelete, { id }, { silent: true });
}

/** One page of a space's members, searchable by account, nickname or email. */
export function pageSpaceMembers(body: SpaceMemberPageRequest, options?: RequestOptions) {
  return call(spaceMemberPage, body, options);
}

/** Every member of a space (for project admin and member pickers). */
export function listAllSpaceMembers(spaceId: string, options?: RequestOptions) {
  return call(spaceMemberAll, { spaceId }, options);
}

/** Adds users to a space with one role. */
export function addSpaceMembers(body: SpaceMemberAddRequest) {
  return call(spaceMemberAdd, body, { silent: true });
}

/** Changes a member's role. */
export function updateSpaceMemberRole(body: SpaceMemberRoleRequest) {
  return call(spaceMemberUpdateRole, body);
}

/** Removes a member (the server refuses to remove the last admin). */
export function removeSpaceMember(body: SpaceMemberRemoveRequest) {
  return call(spaceMemberRemove, body);
}

/** Users whose account, nickname or email contains `text` (for member and admin pickers). */
export function searchUsers(text: string, options?: RequestOptions) {
  return call(userSearch, { username: text }, options);
}

/** The open-API clients (appKey/secret) of a space. */
export function listOpenUsers(spaceId: string, options?: RequestOptions) {
  return call(spaceOpenuserList, { spaceId }, options);
}

/** Creates an open-API client; the answer carries its secret, shown this once. */
export function addOpenUser(body: { spaceId: string; applicant: string }) {
  return call(spaceOpenuserAdd, body, { silent: true });
}

/** Lets a client call the open API again. */
export function enableOpenUser(id: string) {
  return call(spaceOpenuserEnable, { id });
}

/** Stops a client's calls at once. */
export function disableOpenUser(id: string) {
  return call(spaceOpenuserDisable, { id });
}

/** Gives a client a new secret (the old one stops working); the answer is the one time it is shown. */
export function resetOpenUserSecret(id: string) {
  return call(spaceOpenuserResetSecret, { id });
}
