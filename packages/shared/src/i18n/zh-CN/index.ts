import type { Translation } from '../en/index.ts';
import { auth, dashboard, help, layout, openapi, user, view } from './account.ts';
import { common, errors, validation } from './base.ts';
import { codes, dict, doc } from './docs.ts';
import { importErrors, imports } from './import.ts';
import { admin, constants, env, member, module, openUser, perm, project, space } from './organisation.ts';
import { push } from './push.ts';

/** Simplified Chinese strings, the default language. */
export const zhCN: Translation = {
  common,
  validation,
  errors: { ...errors, ...importErrors },
  auth,
  layout,
  dashboard,
  user,
  view,
  help,
  openapi,
  perm,
  space,
  project,
  module,
  env,
  member,
  openUser,
  constants,
  admin,
  doc,
  dict,
  codes,
  imports,
  push,
};
