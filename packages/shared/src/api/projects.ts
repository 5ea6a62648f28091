import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { Empty } from '../envelope.ts';
import { optionalText } from '../validation.ts';
import { defineCall } from './contract.ts';
import {
  displayName,
  EntityId,
  Flag,
  IdRequest,
  Member,
  OrgLimits,
  RoleCode,
  SpaceIdQuery,
  UserBrief,
} from './spaces.ts';

/**
 * What the caller may do in a project and its applications, environments, docs, dictionaries, shares, mocks
 * and constants. `docs/permissions.md` is the matrix; features of later issues already have their ability.
 */
export const PROJECT_ABILITIES = [
  'project.read',
  'project.update',
  'project.delete',
  'project.member.read',
  'project.member.manage',
  'module.create',
  'module.update',
  'module.delete',
  'module.setting.read',
  'module.setting.update',
  'module.token',
  'environment.read',
  'environment.write',
  'doc.read',
  'doc.write',
  'enum.write',
  'enum.delete',
  'share.manage',
  'mock.write',
  'constant.manage',
] as const;
export type ProjectAbility = (typeof PROJECT_ABILITIES)[number];

/** A project as lists show it, with the caller's effective role and abilities. */
export const Project = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  spaceId: z.string(),
  isPrivate: z.boolean(),
  creatorId: z.string(),
  creatorName: z.string(),
  roleCode: z.enum(ROLES),
  abilities: z.array(z.enum(PROJECT_ABILITIES)),
  createTime: z.string(),
});
export type Project = z.infer<typeof Project>;

/** `GET /api/project/info`: the project, its space's name and its admins. */
export const ProjectInfo = Project.extend({ spaceName: z.string(), admins: z.array(UserBrief) });
export type ProjectInfo = z.infer<typeof ProjectInfo>;

/** `?projectId=`. */
export const ProjectIdQuery = z.object({ projectId: EntityId });

/** `POST /api/project/add`. Admins must be members of the space; the creator joins as admin. */
export const ProjectAddRequest = z.object({
  name: displayName(OrgLimits.projectNameMax),
  description: optionalText(OrgLimits.projectDescriptionMax).default(''),
  spaceId: EntityId,
  isPrivate: Flag.default(true),
  adminIds: z.array(EntityId).max(OrgLimits.bulkMax).default([]),
});
export type ProjectAddRequest = z.input<typeof ProjectAddRequest>;

/** `POST /api/project/update`. With `adminIds`, exactly those members are project admins afterwards. */
export const ProjectUpdateRequest = z.object({
  id: EntityId,
  name: displayName(OrgLimits.projectNameMax),
  description: optionalText(OrgLimits.projectDescriptionMax).default(''),
  isPrivate: Flag,
  adminIds: z.array(EntityId).max(OrgLimits.bulkMax).optional(),
});
export type ProjectUpdateRequest = z.input<typeof ProjectUpdateRequest>;

/** `GET /api/project/space`. */
export const ProjectSpace = z.object({
  spaceId: z.string(),
  spaceName: z.string(),
  projectId: z.string(),
  projectName: z.string(),
});
export type ProjectSpace = z.infer<typeof ProjectSpace>;

/** `GET /api/project/member/list?projectId&username&roleCode`. */
export const ProjectMemberListQuery = z.object({
  projectId: EntityId,
  username: optionalText(100).optional(),
  roleCode: RoleCode.optional(),
});

/** `POST /api/project/member/add`: every user must already be a member of the project's space. */
export const ProjectMemberAddRequest = z.object({
  projectId: EntityId,
  userIds: z.array(EntityId).min(1).max(OrgLimits.bulkMax),
  roleCode: RoleCode,
});
export type ProjectMemberAddRequest = z.input<typeof ProjectMemberAddRequest>;

/** `POST /api/project/member/updateRole`. */
export const ProjectMemberRoleRequest = z.object({
  projectId: EntityId,
  userId: EntityId,
  roleCode: RoleCode,
});
export type ProjectMemberRoleRequest = z.input<typeof ProjectMemberRoleRequest>;

/** `POST /api/project/member/remove`. */
export const ProjectMemberRemoveRequest = z.object({ projectId: EntityId, userId: EntityId });
export type ProjectMemberRemoveRequest = z.input<typeof ProjectMemberRemoveRequest>;

export const projectAdd = defineCall({
  method: 'POST',
  path: '/api/project/add',
  body: ProjectAddRequest,
  response: Project,
  access: 'user',
});

export const projectUpdate = defineCall({
  method: 'POST',
  path: '/api/project/update',
  body: ProjectUpdateRequest,
  response: Empty,
  access: 'user',
});

export const projectDelete = defineCall({
  method: 'POST',
  path: '/api/project/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const projectList = defineCall({
  method: 'GET',
  path: '/api/project/list',
  query: SpaceIdQuery,
  response: z.array(Project),
  access: 'user',
});

export const projectInfo = defineCall({
  method: 'GET',
  path: '/api/project/info',
  query: ProjectIdQuery,
  response: ProjectInfo,
  access: 'user',
});

export const projectSpace = defineCall({
  method: 'GET',
  path: '/api/project/space',
  query: ProjectIdQuery,
  response: ProjectSpace,
  access: 'user',
});

export const projectMemberList = defineCall({
  method: 'GET',
  path: '/api/project/member/list',
  query: ProjectMemberListQuery,
  response: z.array(Member),
  access: 'user',
});

export const projectMemberAdd = defineCall({
  method: 'POST',
  path: '/api/project/member/add',
  body: ProjectMemberAddRequest,
  response: Empty,
  access: 'user',
});

export const projectMemberUpdateRole = defineCall({
  method: 'POST',
  path: '/api/project/member/updateRole',
  body: ProjectMemberRoleRequest,
  response: Empty,
  access: 'user',
});

export const projectMemberRemove = defineCall({
  method: 'POST',
  path: '/api/project/member/remove',
  body: ProjectMemberRemoveRequest,
  response: Empty,
  access: 'user',
});
