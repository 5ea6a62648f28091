import type * as Accounts from './schema-accounts.ts';
import type * as Debug from './schema-debug.ts';
import type * as Docs from './schema-docs.ts';
import type * as Messages from './schema-messages.ts';
import type * as Organisation from './schema-organisation.ts';
import type * as Releases from './schema-releases.ts';
import type * as Sharing from './schema-sharing.ts';

/**
 * Table types, hand-written and reviewed with each migration; each feature's tables are in
 * `schema-<feature>.ts` and listed here. Columns are camelCase here and snake_case in SQL (CamelCasePlugin).
 * Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers, the same on every dialect, so no code
 * branches on the dialect to read them.
 */
export interface Database {
  users: Accounts.UsersTable;
  sessions: Accounts.SessionsTable;
  personalTokens: Accounts.PersonalTokensTable;
  throttleEvents: Accounts.ThrottleEventsTable;
  systemConfig: Accounts.SystemConfigTable;
  i18nPacks: Accounts.I18nPacksTable;
  userMessages: Messages.UserMessagesTable;
  spaces: Organisation.SpacesTable;
  spaceMembers: Organisation.SpaceMembersTable;
  projects: Organisation.ProjectsTable;
  projectMembers: Organisation.ProjectMembersTable;
  modules: Organisation.ModulesTable;
  moduleEnvironments: Organisation.ModuleEnvironmentsTable;
  openUsers: Organisation.OpenUsersTable;
  auditLog: Organisation.AuditLogTable;
  docs: Docs.DocsTable;
  docRevisions: Docs.DocRevisionsTable;
  enums: Docs.EnumsTable;
  enumItems: Docs.EnumItemsTable;
  constants: Docs.ConstantsTable;
  environmentGlobals: Organisation.EnvironmentGlobalsTable;
  docSubscriptions: Messages.DocSubscriptionsTable;
  moduleTokens: Organisation.ModuleTokensTable;
  jobs: Docs.JobsTable;
  exportFiles: Docs.ExportFilesTable;
  moduleSources: Docs.ModuleSourcesTable;
  serverKeys: Accounts.ServerKeysTable;
  mockConfigs: Docs.MockConfigsTable;
  mockPathClaims: Docs.MockPathClaimsTable;
  dataVersion: Docs.DataVersionTable;
  cacheVersions: Docs.CacheVersionsTable;
  projectSubscriptions: Messages.ProjectSubscriptionsTable;
  changeOutbox: Messages.ChangeOutboxTable;
  webhooks: Messages.WebhooksTable;
  webhookDeliveries: Messages.WebhookDeliveriesTable;
  shareConfigs: Sharing.ShareConfigsTable;
  shareContents: Sharing.ShareContentsTable;
  shareEnvironments: Sharing.ShareEnvironmentsTable;
  visitorSessions: Sharing.VisitorSessionsTable;
  composeProjects: Sharing.ComposeProjectsTable;
  composeDocs: Sharing.ComposeDocsTable;
  composePages: Sharing.ComposePagesTable;
  userIdentities: Accounts.UserIdentitiesTable;
  oidcStates: Accounts.OidcStatesTable;
  loginKeys: Accounts.LoginKeysTable;
  genTemplates: Docs.GenTemplatesTable;
  debugScripts: Debug.DebugScriptsTable;
  userProps: Debug.UserPropsTable;
  tornaIdMap: Accounts.TornaIdMapTable;
  releases: Releases.ReleasesTable;
  releaseDocs: Releases.ReleaseDocsTable;
  releaseNodes: Releases.ReleaseNodesTable;
  releaseSubscriptions: Releases.ReleaseSubscriptionsTable;
}

export type * from './schema-accounts.ts';
export type * from './schema-debug.ts';
export type * from './schema-docs.ts';
export type * from './schema-messages.ts';
export type * from './schema-organisation.ts';
export type * from './schema-releases.ts';
export type * from './schema-sharing.ts';
