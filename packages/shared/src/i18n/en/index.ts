import { auth, dashboard, help, layout, openapi, user, view } from './account.ts';
import { common, errors, validation } from './base.ts';
import { codes, dict, doc } from './docs.ts';
import { importErrors, imports } from './import.ts';
import { admin, constants, env, member, module, openUser, perm, project, space } from './organisation.ts';
import { push } from './push.ts';

/** English strings; this object defines the shape every other language must fill. */
export const en = {
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

/** The shape every language pack must have. */
export type Translation<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
