import { z } from 'zod';
import { USER_SOURCES } from '../constants.ts';
import { Empty, paged } from '../envelope.ts';
import { AccountLimits, optionalText, requiredText, V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { EntityId, Flag, IdRequest, RoleCode, StrictPageRequest } from './spaces.ts';

/** A language tag such as `en`, `zh-CN`, `pt-BR`. */
export const LangTag = z
  .string({ error: V.errorContent })
  .trim()
  .min(2, { error: V.errorContent })
  .max(20, { error: V.errorContent })
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: V.errorContent });

/** A user as the admin list shows it. */
export const AdminUser = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  status: z.number().int(),
  source: z.enum(USER_SOURCES),
  isSuperAdmin: z.boolean(),
  gmtCreate: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** `POST /api/admin/user/page`: `username` matches the account or the nickname. */
export const AdminUserPageRequest = StrictPageRequest.extend({
  username: optionalText(100).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export type AdminUserPageRequest = z.input<typeof AdminUserPageRequest>;
export const AdminUserPage = paged(AdminUser);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/** `POST /api/admin/user/create`. */
export const AdminUserCreateRequest = z.object({
  username: requiredText(AccountLimits.usernameMax),
  nickname: requiredText(AccountLimits.nicknameMax),
  isSuperAdmin: Flag.default(false),
});
export type AdminUserCreateRequest = z.input<typeof AdminUserCreateRequest>;

/** A password shown once: the initial one of a created user, or the one a reset produced. */
export const InitialPassword = z.object({ username: z.string(), password: z.string() });
export type InitialPassword = z.infer<typeof InitialPassword>;

/** `POST /api/admin/user/allocateProject`: afterwards the user is in exactly these projects with `role`. */
export const AllocateProjectRequest = z.object({
  userId: EntityId,
  role: RoleCode,
  projectIds: z.array(EntityId).max(1000),
});
export type AllocateProjectRequest = z.input<typeof AllocateProjectRequest>;

/** `?userId=`. */
export const UserIdQuery = z.object({ userId: EntityId });

/** `GET /api/admin/project/tree` in Torna's shape: spaces (`S_<id>`) with their projects as children. */
export const ProjectTreeLeaf = z.object({ id: z.string(), label: z.string(), parentId: z.string() });
export const ProjectTreeNode = ProjectTreeLeaf.extend({ children: z.array(ProjectTreeLeaf) });
export type ProjectTreeNode = z.infer<typeof ProjectTreeNode>;

/** `GET /api/admin/setting/get`. */
export const AdminSetting = z.object({ enableReg: z.boolean(), defaultLang: z.string() });
export type AdminSetting = z.infer<typeof AdminSetting>;

/** `POST /api/admin/setting/update`: only the fields sent change. */
export const AdminSettingUpdateRequest = z.object({
  enableReg: Flag.optional(),
  defaultLang: LangTag.optional(),
});
export type AdminSettingUpdateRequest = z.input<typeof AdminSettingUpdateRequest>;

/** An uploaded language pack, without its content. */
export const I18nPack = z.object({
  id: z.string(),
  lang: z.string(),
  description: z.string(),
  updateTime: z.string(),
});
export type I18nPack = z.infer<typeof I18nPack>;

/** `GET /api/admin/i18n/get?id`: the pack with its content. */
export const I18nPackDetail = I18nPack.extend({ content: z.record(z.string(), z.unknown()) });
export type I18nPackDetail = z.infer<typeof I18nPackDetail>;

/** Largest language pack accepted, in characters of JSON. */
export const I18N_PACK_MAX = 1_000_000;

/**
 * `POST /api/admin/i18n/save`: creates or replaces the pack of `lang`. `content` is the uploaded file's text
 * or the parsed object; either way it must be a JSON object whose leaves are texts.
 */
export const I18nSaveRequest = z.object({
  lang: LangTag,
  description: requiredText(64),
  content: z.union([z.string().max(I18N_PACK_MAX), z.record(z.string(), z.unknown())], {
    error: V.invalid,
  }),
});
export type I18nSaveRequest = z.input<typeof I18nSaveRequest>;

/**
 * Answer of a pack upload: the saved pack, and its keys checked against the built-in packs. Missing texts
 * fall back to the default language; unknown keys are never shown. Lists stop at `I18N_KEYS_REPORTED`.
 */
export const I18nSaveResult = I18nPack.extend({
  missingCount: z.number().int(),
  missingKeys: z.array(z.string()),
  unknownCount: z.number().int(),
  unknownKeys: z.array(z.string()),
});
export type I18nSaveResult = z.infer<typeof I18nSaveResult>;
export const I18N_KEYS_REPORTED = 200;

/** What the trash holds: soft-deleted spaces, projects, applications and docs (a folder is a `doc`). */
export const TRASH_TYPES = ['space', 'project', 'module', 'doc'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** A deleted item a super admin can restore until `expireTime`. */
export const TrashItem = z.object({
  type: z.enum(TRASH_TYPES),
  id: z.string(),
  name: z.string(),
  /** The space of a project, the project of an application, the application of a doc; empty for spaces. */
  parentName: z.string(),
  /** A deleted folder (type `doc`): restoring it brings back what was deleted with it. */
  isFolder: z.boolean(),
  deletedAt: z.string(),
  deletedByName: z.string(),
  expireTime: z.string(),
});
export type TrashItem = z.infer<typeof TrashItem>;

/** `POST /api/admin/trash/restore`. */
export const TrashRestoreRequest = z.object({
  type: z.enum(TRASH_TYPES, { error: V.invalid }),
  id: EntityId,
});
export type TrashRestoreRequest = z.input<typeof TrashRestoreRequest>;

/** One audit record: who did what to which target, when. */
export const AuditEntry = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `POST /api/admin/audit/page`, newest first. */
export const AuditPageRequest = StrictPageRequest.extend({
  action: optionalText(64).optional(),
  targetType: optionalText(32).optional(),
  actorId: EntityId.optional(),
});
export type AuditPageRequest = z.input<typeof AuditPageRequest>;
export const AuditPage = paged(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

/** Days a deleted space, project or application stays restorable. */
export const TRASH_RETENTION_DAYS = 30;

export const adminSettingGet = defineCall({
  method: 'GET',
  path: '/api/admin/setting/get',
  response: AdminSetting,
  access: 'superAdmin',
});

export const adminSettingUpdate = defineCall({
  method: 'POST',
  path: '/api/admin/setting/update',
  body: AdminSettingUpdateRequest,
  response: AdminSetting,
  access: 'superAdmin',
});

export const adminI18nList = defineCall({
  method: 'GET',
  path: '/api/admin/i18n/list',
  response: z.array(I18nPack),
  access: 'superAdmin',
});

export const adminI18nGet = defineCall({
  method: 'GET',
  path: '/api/admin/i18n/get',
  query: IdRequest,
  response: I18nPackDetail,
  access: 'superAdmin',
});

export const adminI18nSave = defineCall({
  method: 'POST',
  path: '/api/admin/i18n/save',
  body: I18nSaveRequest,
  response: I18nSaveResult,
  access: 'superAdmin',
});

export const adminI18nDelete = defineCall({
  method: 'POST',
  path: '/api/admin/i18n/delete',
  body: IdRequest,
  response: Empty,
  access: 'superAdmin',
});

export const adminTrashList = defineCall({
  method: 'GET',
  path: '/api/admin/trash/list',
  response: z.array(TrashItem),
  access: 'superAdmin',
});

export const adminTrashRestore = defineCall({
  method: 'POST',
  path: '/api/admin/trash/restore',
  body: TrashRestoreRequest,
  response: Empty,
  access: 'superAdmin',
});

export const adminAuditPage = defineCall({
  method: 'POST',
  path: '/api/admin/audit/page',
  body: AuditPageRequest,
  response: AuditPage,
  access: 'superAdmin',
});

export const adminUserPage = defineCall({
  method: 'POST',
  path: '/api/admin/user/page',
  body: AdminUserPageRequest,
  response: AdminUserPage,
  access: 'superAdmin',
});

export const adminUserCreate = defineCall({
  method: 'POST',
  path: '/api/admin/user/create',
  body: AdminUserCreateRequest,
  response: InitialPassword,
  access: 'superAdmin',
});

export const adminUserPasswordReset = defineCall({
  method: 'POST',
  path: '/api/admin/user/password/reset',
  body: IdRequest,
  response: InitialPassword,
  access: 'superAdmin',
});

export const adminUserDisable = defineCall({
  method: 'POST',
  path: '/api/admin/user/disable',
  body: IdRequest,
  response: Empty,
  access: 'superAdmin',
});

export const adminUserEnable = defineCall({
  method: 'POST',
  path: '/api/admin/user/enable',
  body: IdRequest,
  response: Empty,
  access: 'superAdmin',
});

export const adminUserAllocateProject = defineCall({
  method: 'POST',
  path: '/api/admin/user/allocateProject',
  body: AllocateProjectRequest,
  response: Empty,
  access: 'superAdmin',
});

export const adminUserGetUserProjectIds = defineCall({
  method: 'GET',
  path: '/api/admin/user/getUserProjectIds',
  query: UserIdQuery,
  response: z.array(z.string()),
  access: 'superAdmin',
});

export const adminProjectTree = defineCall({
  method: 'GET',
  path: '/api/admin/project/tree',
  response: z.array(ProjectTreeNode),
  access: 'superAdmin',
});
