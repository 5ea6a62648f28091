import {
  Empty,
  Member,
  Project,
  type ProjectAddRequest,
  ProjectInfo,
  type ProjectMemberAddRequest,
  type ProjectMemberRemoveRequest,
  type ProjectMemberRoleRequest,
  ProjectSpace,
  type ProjectUpdateRequest,
  type Role,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

const ProjectList = z.array(Project);
const MemberList = z.array(Member);

/** The projects of a space the caller can read. */
export function listProjects(spaceId: string, options?: RequestOptions) {
  return apiGet('/project/list', ProjectList, { spaceId }, options);
}

/** A project with its space's name and its admins. */
export function getProjectInfo(projectId: string, options?: RequestOptions) {
  return apiGet('/project/info', ProjectInfo, { projectId }, options);
}

/** The names of a project and its space, for the breadcrumb. */
export function getProjectSpace(projectId: string, options?: RequestOptions) {
  return apiGet('/project/space', ProjectSpace, { projectId }, options);
}

/** Creates a project; errors are shown inline by the dialog. */
export function addProject(body: ProjectAddRequest) {
  return apiPost('/project/add', Project, body, { silent: true });
}

/** Updates name, description, visibility and, when given, the admins. */
export function updateProject(body: ProjectUpdateRequest) {
  return apiPost('/project/update', Empty, body, { silent: true });
}

/** Deletes a project (restorable by a super admin for 30 days). */
export function deleteProject(id: string) {
  return apiPost('/project/delete', Empty, { id });
}

/** A project's members, filtered by account/nickname/email and role. */
export function listProjectMembers(
  query: { projectId: string; username?: string; roleCode?: Role },
  options?: RequestOptions,
) {
  return apiGet('/project/member/list', MemberList, query, options);
}

/** Adds space members to the project with one role. */
export function addProjectMembers(body: ProjectMemberAddRequest) {
  return apiPost('/project/member/add', Empty, body, { silent: true });
}

/** Changes a project member's role. */
export function updateProjectMemberRole(body: ProjectMemberRoleRequest) {
  return apiPost('/project/member/updateRole', Empty, body);
}

/** Removes a project member. */
export function removeProjectMember(body: ProjectMemberRemoveRequest) {
  return apiPost('/project/member/remove', Empty, body);
}
