import type { Translation } from '../en/index.ts';
import { auth, dashboard, help, layout, openapi, user, view } from './account.ts';
import { common, errors, validation } from './base.ts';
import { debug, debugErrors } from './debug.ts';
import { docPage, theme } from './doc-page.ts';
import { docTools, globals, importErrors, importValidation, paramImport } from './doc-tools.ts';
import { codes, dict, doc } from './docs.ts';
import { exportDoc, exportErrors, htmlExport } from './export.ts';
import { exportUi } from './export-ui.ts';
import { genUi } from './gen-ui.ts';
import { imports, importErrors as sourceImportErrors } from './import.ts';
import { jobErrors, jobs } from './jobs.ts';
import { tokenErrors, tokens, tokenValidation } from './tokens.ts';
import { tornaErrors, tornaReport, tornaUi, tornaValidation } from './torna.ts';
import { mock, mockErrors } from './mock.ts';
import { notify, subscription, webhook, webhookErrors } from './notify.ts';
import { admin, constants, env, member, module, openUser, perm, project, space } from './organisation.ts';
import { push } from './push.ts';
import { reader } from './reader.ts';
import { releaseErrors, releaseFeed, releases } from './releases.ts';
import { scaleErrors } from './scale.ts';
import { compose, docMenu, sharing, sharingErrors, sharingValidation } from './sharing.ts';
import { packCheck, signin, signinErrors, signinValidation } from './signin.ts';

/** Simplified Chinese strings, the default language. */
export const zhCN: Translation = {
  common,
  validation: {
    ...validation,
    ...importValidation,
    ...sharingValidation,
    ...signinValidation,
    ...tokenValidation,
    ...tornaValidation,
  },
  errors: {
    ...errors,
    ...importErrors,
    ...sourceImportErrors,
    ...mockErrors,
    ...scaleErrors,
    ...releaseErrors,
    ...webhookErrors,
    ...sharingErrors,
    ...debugErrors,
    ...signinErrors,
    ...jobErrors,
    ...tokenErrors,
    ...exportErrors,
    ...tornaErrors,
  },
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
  mock,
  notify,
  webhook,
  subscription,
  sharing,
  docMenu,
  compose,
  debug,
  signin,
  packCheck,
  jobs,
  tokens,
  docPage,
  theme,
  exportDoc,
  htmlExport,
  exportUi,
  genUi,
  releases,
  releaseFeed,
  tornaUi,
  tornaReport,
};
