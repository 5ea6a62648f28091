import {
  type ProjectAddRequest,
  type ProjectMemberAddRequest,
  type ProjectMemberRemoveRequest,
  type ProjectMemberRoleRequest,
  type ProjectUpdateRequest,
  projectAdd,
  projectDelete,
  projectInfo,
  projectList,
  projectMemberAdd,
  projectMemberList,
  projectMemberRemove,
  projectMemberUpdateRole,
  projectSpace,
  projectUpdate,
  type Role,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** The projects of a space the caller can read. */
export function listProjects(spaceId: string, options?: RequestOptions) {
  return call(projectList, { spaceId }, options);
}

/** A project with its space's name and its admins. */
export function getProjectInfo(projectId: string, options?: RequestOptions) {
  return call(projectInfo, { projectId }, options);
}

/** The names of a project and its space, for the breadcrumb. */
export function getProjectSpace(projectId: string, options?: RequestOptions) {
  return call(projectSpace, { projectId }, options);
}

/** Creates a project; errors are shown inline by the dialog. */
export function addProject(body: ProjectAddRequest) {
  return call(projectAdd, body, { silent: true });
}

/** Updates name, description, visibility and, when given, the admins. */
export function updateProject(body: ProjectUpdateRequest) {
  return call(projectUpdate, body, { silent: true });
}

/** Deletes a project (restorable by a super admin for 30 days). */
export function deleteProject(id: string) {
  return call(projectDelete, { id });
}

/** A project's members, filtered by account/nickname/email and role. */
export function listProjectMembers(
  query: { projectId: string; username?: string; roleCode?: Role },
  options?: RequestOptions,
) {
  return call(projectMemberList, query, options);
}

/** Adds space members to the project with one role. */
export function addProjectMembers(body: ProjectMemberAddRequest) {
  return call(projectMemberAdd, body, { silent: true });
}

/** Changes a project member's role. */
export function updateProjectMemberRole(body: ProjectMemberRoleRequest) {
  return call(projectMemberUpdateRole, body);
}

/** Removes a project member. */
export function removeProjectMember(body: ProjectMemberRemoveRequest) {
  return call(projectMemberRemove, body);
}
