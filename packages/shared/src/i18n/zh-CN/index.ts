import type { Translation } from '../en/index.ts';
import { auth, dashboard, help, layout, openapi, user, view } from './account.ts';
import { common, errors, validation } from './base.ts';
import { exportDoc, exportErrors } from './export.ts';
import { exportUi } from './export-ui.ts';
import { genUi } from './gen-ui.ts';
import { docTools, globals, importErrors, importValidation, paramImport } from './doc-tools.ts';
import { codes, dict, doc } from './docs.ts';
import { imports, importErrors as sourceImportErrors } from './import.ts';
import { admin, constants, env, member, module, openUser, perm, project, space } from './organisation.ts';
import { push } from './push.ts';
import { reader } from './reader.ts';

/** Simplified Chinese strings, the default language. */
export const zhCN: Translation = {
  common,
  validation: { ...validation, ...importValidation },
  errors: { ...errors, ...importErrors, ...sourceImportErrors, ...exportErrors },
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
  paramImport,
  globals,
  docTools,
  reader,
  push,
  imports,
  exportDoc,
  exportUi,
  genUi,
};
