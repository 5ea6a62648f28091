import { z } from 'zod';
import { ROLES, USER_SOURCES } from '../constants.ts';
import { Empty } from '../envelope.ts';
import { UserUpdateRequest } from './auth.ts';
import { defineCall } from './contract.ts';
import { PROJECT_ABILITIES } from './projects.ts';
import { SPACE_ABILITIES } from './spaces.ts';

/** `GET /api/user/info`: what the top bar shows. */
export const UserInfo = z.object({ name: z.string(), avatar: z.string() });
export type UserInfo = z.infer<typeof UserInfo>;

/** `GET /api/user/get`: the account as its owner sees it. */
export const UserProfile = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  avatar: z.string(),
  source: z.enum(USER_SOURCES),
  status: z.number().int(),
  isSuperAdmin: z.boolean(),
  lang: z.string().nullable(),
  gmtCreate: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** `GET /api/user/perm/get`: super-admin flag and the caller's role per `space:{id}` / `project:{id}` key. */
export const Perms = z.object({
  isSuperAdmin: z.boolean(),
  roleData: z.record(z.string(), z.enum(ROLES)),
  /**
   * What the caller may do, per `space:{id}` and `project:{id}` of `roleData`, as the server decides it
   * (apps/server/src/policies/roles.ts is the one role table): the web app reads these and never maps roles
   * to abilities itself. Super admins may do everything everywhere (`isSuperAdmin`).
   */
  abilities: z.record(z.string(), z.array(z.enum([...SPACE_ABILITIES, ...PROJECT_ABILITIES]))),
});
export type Perms = z.infer<typeof Perms>;

/** Body of `POST /api/user/lang/update`: the language the account prefers. */
export const LangUpdateRequest = z.object({
  lang: z
    .string()
    .trim()
    .min(2)
    .max(20)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
});
export type LangUpdateRequest = z.infer<typeof LangUpdateRequest>;

export const userInfo = defineCall({
  method: 'GET',
  path: '/api/user/info',
  response: UserInfo,
  access: 'pending',
});

export const userGet = defineCall({
  method: 'GET',
  path: '/api/user/get',
  response: UserProfile,
  access: 'user',
});

export const userUpdate = defineCall({
  method: 'POST',
  path: '/api/user/update',
  body: UserUpdateRequest,
  response: Empty,
  access: 'user',
});

export const userLangUpdate = defineCall({
  method: 'POST',
  path: '/api/user/lang/update',
  body: LangUpdateRequest,
  response: Empty,
  access: 'user',
});

export const userPermGet = defineCall({
  method: 'GET',
  path: '/api/user/perm/get',
  response: Perms,
  access: 'user',
});
