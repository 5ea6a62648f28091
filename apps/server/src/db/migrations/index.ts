import type { Migration } from 'kysely';
import * as createAccounts from './2026-11-22T1300-create-accounts.ts';
import * as createOrganisation from './2026-11-22T1400-create-organisation.ts';
import * as createDocs from './2026-11-22T1500-create-docs.ts';
import * as addMustSetPassword from './2026-11-22T1600-add-must-set-password.ts';
import * as createDocSearch from './2026-11-23T0710-create-doc-search.ts';
import * as createImportJobs from './2026-11-23T0720-create-import-jobs.ts';
import * as createPushTokens from './2026-11-23T0730-create-push-tokens.ts';
import * as syncOrigin from './2026-11-23T0730-sync-origin.ts';
import * as jobSource from './2026-11-23T0845-job-source.ts';
import * as docSearchWords from './2026-11-23T0915-doc-search-words.ts';
import * as createNotifications from './2026-11-25T0100-create-notifications.ts';
import * as createSignInIdentities from './2026-11-25T0200-create-sign-in-identities.ts';
import * as createMockConfigs from './2026-11-25T0300-create-mock-configs.ts';
import * as createDebug from './2026-11-25T0400-create-debug.ts';
import * as jobPhase from './2026-11-25T0500-job-phase.ts';
import * as sharesAndCompose from './2026-11-25T0600-create-shares-and-compose.ts';
import * as dataVersion from './2026-11-25T0700-data-version.ts';
import * as createGenTemplates from './2026-11-25T0800-create-gen-templates.ts';
import * as createExportFiles from './2026-11-25T0900-create-export-files.ts';
import * as leanDocTrigrams from './2026-11-25T1500-lean-doc-trigrams.ts';
import * as spaceInternalAccess from './2026-11-26T0300-space-internal-access.ts';
import * as mockPathClaims from './2026-11-26T0930-mock-path-claims.ts';
import * as createPersonalTokens from './2026-11-28T0300-create-personal-tokens.ts';
import * as createThrottleEvents from './2026-11-28T0300-create-throttle-events.ts';
import * as createTornaIdMap from './2026-11-28T0400-create-torna-id-map.ts';
import * as createReleases from './2026-11-28T0500-create-releases.ts';
import * as shareRelease from './2026-11-28T0510-share-release.ts';
import * as jobsWithoutModule from './2026-11-28T0520-jobs-without-module.ts';
import * as genTemplateDisabled from './2026-11-28T0530-gen-template-disabled.ts';
import * as stagedImports from './2026-11-28T0540-staged-imports.ts';
import * as cacheVersions from './2026-11-28T0550-cache-versions.ts';
import * as releaseTree from './2026-11-28T0560-release-tree.ts';
import * as treeCacheVersion from './2026-11-28T1330-tree-cache-version.ts';
import * as searchReindex from './2026-11-28T2120-search-reindex.ts';
import * as docContentInRevisions from './2026-11-29T0030-doc-content-in-revisions.ts';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so the bundled server carries them;
 * names sort by date, and a migration never imports application code.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1300-create-accounts': createAccounts,
  '2026-11-22T1400-create-organisation': createOrganisation,
  '2026-11-22T1500-create-docs': createDocs,
  '2026-11-22T1600-add-must-set-password': addMustSetPassword,
  '2026-11-23T0710-create-doc-search': createDocSearch,
  '2026-11-23T0720-create-import-jobs': createImportJobs,
  '2026-11-23T0730-create-push-tokens': createPushTokens,
  '2026-11-23T0730-sync-origin': syncOrigin,
  '2026-11-23T0845-job-source': jobSource,
  '2026-11-23T0915-doc-search-words': docSearchWords,
  '2026-11-25T0100-create-notifications': createNotifications,
  '2026-11-25T0200-create-sign-in-identities': createSignInIdentities,
  '2026-11-25T0300-create-mock-configs': createMockConfigs,
  '2026-11-25T0400-create-debug': createDebug,
  '2026-11-25T0500-job-phase': jobPhase,
  '2026-11-25T0600-create-shares-and-compose': sharesAndCompose,
  '2026-11-25T0700-data-version': dataVersion,
  '2026-11-25T0800-create-gen-templates': createGenTemplates,
  '2026-11-25T0900-create-export-files': createExportFiles,
  '2026-11-25T1500-lean-doc-trigrams': leanDocTrigrams,
  '2026-11-26T0300-space-internal-access': spaceInternalAccess,
  '2026-11-26T0930-mock-path-claims': mockPathClaims,
  '2026-11-28T0300-create-personal-tokens': createPersonalTokens,
  '2026-11-28T0300-create-throttle-events': createThrottleEvents,
  '2026-11-28T0400-create-torna-id-map': createTornaIdMap,
  '2026-11-28T0500-create-releases': createReleases,
  '2026-11-28T0510-share-release': shareRelease,
  '2026-11-28T0520-jobs-without-module': jobsWithoutModule,
  '2026-11-28T0530-gen-template-disabled': genTemplateDisabled,
  '2026-11-28T0540-staged-imports': stagedImports,
  '2026-11-28T0550-cache-versions': cacheVersions,
  '2026-11-28T0560-release-tree': releaseTree,
  '2026-11-28T1330-tree-cache-version': treeCacheVersion,
  '2026-11-28T2120-search-reindex': searchReindex,
  '2026-11-29T0030-doc-content-in-revisions': docContentInRevisions,
};
