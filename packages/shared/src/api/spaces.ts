import { z } from 'zod';
import { PAGE_SIZES, ROLES } from '../constants.ts';
import { Empty, paged } from '../envelope.ts';
import { optionalText, requiredText, V } from '../validation.ts';
import { defineCall } from './contract.ts';

/** An entity id as sent by clients (random 16-character ids; Torna scripts may send other strings). */
export const EntityId = requiredText(64);

/** A role of a space or project member; anything else is refused with a clear message. */
export const RoleCode = z.enum(ROLES, { error: V.role });

/** A yes/no flag: JSON booleans, and Torna's 0/1 so its scripts keep working; always read as a boolean. */
export const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: V.invalid })
  .transform((value) => value === true || value === 1);

/**
 * A display name (space, project, application, environment): any printable text, trimmed. Names are never
 * used as keys (ids are), so letters of every language are welcome; line breaks and control characters are not.
 */
export function displayName(max: number) {
  return requiredText(max).regex(/^[^\p{Cc}]*$/u, { error: V.noControl });
}

/** Paging with the page sizes the lists offer (5, 10, 20, 50, 100). */
export const StrictPageRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as ReadonlyArray<number>).includes(size), { error: V.pageSize })
    .default(10),
});

/** Name limits of the organisation entities. */
export const OrgLimits = {
  spaceNameMax: 50,
  projectNameMax: 100,
  projectDescriptionMax: 255,
  moduleNameMax: 64,
  environmentNameMax: 50,
  baseUrlMax: 255,
  applicantMax: 64,
  bulkMax: 200,
} as const;

/** What the caller may do in a space; the app hides what is not listed, the server refuses it anyway. */
export const SPACE_ABILITIES = [
  'space.read',
  'space.update',
  'space.delete',
  'space.member.read',
  'space.member.manage',
  'space.openUser.manage',
  'space.project.create',
] as const;
export type SpaceAbility = (typeof SPACE_ABILITIES)[number];

/** A user as member pickers and admin lists show them. */
export const UserBrief = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
});
export type UserBrief = z.infer<typeof UserBrief>;

/** A member of a space or project with their role and when they joined. */
export const Member = UserBrief.extend({ roleCode: z.enum(ROLES), joinTime: z.string() });
export type Member = z.infer<typeof Member>;

/** A space as lists show it: the caller's effective role and abilities ride along. */
export const Space = z.object({
  id: z.string(),
  name: z.string(),
  isCompose: z.boolean(),
  creatorId: z.string(),
  creatorName: z.string(),
  roleCode: z.enum(ROLES),
  abilities: z.array(z.enum(SPACE_ABILITIES)),
  createTime: z.string(),
  /**
   * Whether the space's outbound calls (debug proxy, swagger URL imports, webhooks) may reach the internal
   * hosts QUIRE_FETCH_ALLOW_HOSTS opens. Answered to super admins only; absent for everyone else.
   */
  internalAccess: z.boolean().optional(),
});
export type Space = z.infer<typeof Space>;

/** `GET /api/space/info`: the space and its admins. */
export const SpaceInfo = Space.extend({ leaders: z.array(UserBrief) });
export type SpaceInfo = z.infer<typeof SpaceInfo>;

/** `POST /api/space/add`. `adminIds` is honoured for super admins; everyone else becomes the only admin. */
export const SpaceAddRequest = z.object({
  name: displayName(OrgLimits.spaceNameMax),
  adminIds: z.array(EntityId).max(OrgLimits.bulkMax).default([]),
  isCompose: Flag.default(false),
});
export type SpaceAddRequest = z.input<typeof SpaceAddRequest>;

/** `POST /api/space/update`: rename. */
export const SpaceUpdateRequest = z.object({
  id: EntityId,
  name: displayName(OrgLimits.spaceNameMax),
  /** A super admin's setting only: anyone else sending it is refused (`space.internal_access_super_admin`). */
  internalAccess: Flag.optional(),
});
export type SpaceUpdateRequest = z.input<typeof SpaceUpdateRequest>;

/** A body naming one entity: `{id}` (delete calls, enable/disable, reset). */
export const IdRequest = z.object({ id: EntityId });
export type IdRequest = z.input<typeof IdRequest>;

/** `?spaceId=`. */
export const SpaceIdQuery = z.object({ spaceId: EntityId });

/** `POST /api/space/member/page`. */
export const SpaceMemberPageRequest = StrictPageRequest.extend({
  spaceId: EntityId,
  username: optionalText(100).optional(),
});
export type SpaceMemberPageRequest = z.input<typeof SpaceMemberPageRequest>;
export const MemberPage = paged(Member);
export type MemberPage = z.infer<typeof MemberPage>;

/** `POST /api/space/member/add`: members already in the space keep their role (change it with updateRole). */
export const SpaceMemberAddRequest = z.object({
  spaceId: EntityId,
  userIds: z.array(EntityId).min(1).max(OrgLimits.bulkMax),
  roleCode: RoleCode,
});
export type SpaceMemberAddRequest = z.input<typeof SpaceMemberAddRequest>;

/** `POST /api/space/member/updateRole`. */
export const SpaceMemberRoleRequest = z.object({ spaceId: EntityId, userId: EntityId, roleCode: RoleCode });
export type SpaceMemberRoleRequest = z.input<typeof SpaceMemberRoleRequest>;

/** `POST /api/space/member/remove`. */
export const SpaceMemberRemoveRequest = z.object({ spaceId: EntityId, userId: EntityId });
export type SpaceMemberRemoveRequest = z.input<typeof SpaceMemberRemoveRequest>;

/** `POST /api/user/search`: users whose account, nickname or email contains the text; empty text finds none. */
export const UserSearchRequest = z.object({ username: optionalText(100).default('') });
export const UserSearchResult = z.array(UserBrief);

/** An open-API client of a space. The secret is never listed: it is shown once, when created or reset. */
export const OpenUser = z.object({
  id: z.string(),
  spaceId: z.string(),
  appKey: z.string(),
  status: z.number().int(),
  applicant: z.string(),
  creatorName: z.string(),
  createTime: z.string(),
});
export type OpenUser = z.infer<typeof OpenUser>;

/** Answer of add and resetSecret: the one time the secret is shown. */
export const OpenUserWithSecret = OpenUser.extend({ secret: z.string() });
export type OpenUserWithSecret = z.infer<typeof OpenUserWithSecret>;

/** `POST /api/space/openuser/add`. */
export const OpenUserAddRequest = z.object({
  spaceId: EntityId,
  applicant: optionalText(OrgLimits.applicantMax).default(''),
});
export type OpenUserAddRequest = z.input<typeof OpenUserAddRequest>;

export const spaceOpenuserList = defineCall({
  method: 'GET',
  path: '/api/space/openuser/list',
  query: SpaceIdQuery,
  response: z.array(OpenUser),
  access: 'user',
});

export const spaceOpenuserAdd = defineCall({
  method: 'POST',
  path: '/api/space/openuser/add',
  body: OpenUserAddRequest,
  response: OpenUserWithSecret,
  access: 'user',
});

export const spaceOpenuserEnable = defineCall({
  method: 'POST',
  path: '/api/space/openuser/enable',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const spaceOpenuserDisable = defineCall({
  method: 'POST',
  path: '/api/space/openuser/disable',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const spaceOpenuserResetSecret = defineCall({
  method: 'POST',
  path: '/api/space/openuser/resetSecret',
  body: IdRequest,
  response: OpenUserWithSecret,
  access: 'user',
});

export const spaceMemberAll = defineCall({
  method: 'GET',
  path: '/api/space/member/all',
  query: SpaceIdQuery,
  response: z.array(Member),
  access: 'user',
});

export const spaceMemberPage = defineCall({
  method: 'POST',
  path: '/api/space/member/page',
  body: SpaceMemberPageRequest,
  response: MemberPage,
  access: 'user',
});

export const spaceMemberAdd = defineCall({
  method: 'POST',
  path: '/api/space/member/add',
  body: SpaceMemberAddRequest,
  response: Empty,
  access: 'user',
});

export const spaceMemberUpdateRole = defineCall({
  method: 'POST',
  path: '/api/space/member/updateRole',
  body: SpaceMemberRoleRequest,
  response: Empty,
  access: 'user',
});

export const spaceMemberRemove = defineCall({
  method: 'POST',
  path: '/api/space/member/remove',
  body: SpaceMemberRemoveRequest,
  response: Empty,
  access: 'user',
});

export const userSearch = defineCall({
  method: 'POST',
  path: '/api/user/search',
  body: UserSearchRequest,
  response: UserSearchResult,
  access: 'user',
});

export const spaceAdd = defineCall({
  method: 'POST',
  path: '/api/space/add',
  body: SpaceAddRequest,
  response: Space,
  access: 'user',
});

export const spaceUpdate = defineCall({
  method: 'POST',
  path: '/api/space/update',
  body: SpaceUpdateRequest,
  response: Empty,
  access: 'user',
});

/** `POST /api/space/internal-access`: grants or withdraws a space's internal access (super admins). */
export const SpaceInternalAccessRequest = z.object({ spaceId: EntityId, internalAccess: Flag });
export type SpaceInternalAccessRequest = z.input<typeof SpaceInternalAccessRequest>;

export const spaceInternalAccessSave = defineCall({
  method: 'POST',
  path: '/api/space/internal-access',
  body: SpaceInternalAccessRequest,
  response: Space,
  access: 'superAdmin',
});

export const spaceDelete = defineCall({
  method: 'POST',
  path: '/api/space/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const spaceInfo = defineCall({
  method: 'GET',
  path: '/api/space/info',
  query: SpaceIdQuery,
  response: SpaceInfo,
  access: 'user',
});

export const spaceList = defineCall({
  method: 'GET',
  path: '/api/space/list',
  response: z.array(Space),
  access: 'user',
});

export const spaceListNormal = defineCall({
  method: 'GET',
  path: '/api/space/listNormal',
  response: z.array(Space),
  access: 'user',
});
