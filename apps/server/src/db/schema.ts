import type {
  I18nPacksTable,
  LoginAttemptsTable,
  LoginKeysTable,
  OidcStatesTable,
  ServerKeysTable,
  SessionsTable,
  SystemConfigTable,
  UserIdentitiesTable,
  UsersTable,
} from './schema-accounts.ts';
import type { DebugScriptsTable, UserPropsTable } from './schema-debug.ts';
import type {
  ConstantsTable,
  DataVersionTable,
  DocRevisionsTable,
  DocsTable,
  EnumItemsTable,
  EnumsTable,
  GenTemplatesTable,
  JobsTable,
  MockConfigsTable,
  ModuleSourcesTable,
} from './schema-docs.ts';
import type {
  ChangeOutboxTable,
  DocSubscriptionsTable,
  ProjectSubscriptionsTable,
  UserMessagesTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from './schema-messages.ts';
import type {
  AuditLogTable,
  EnvironmentGlobalsTable,
  ModuleEnvironmentsTable,
  ModulesTable,
  ModuleTokensTable,
  OpenUsersTable,
  ProjectMembersTable,
  ProjectsTable,
  SpaceMembersTable,
  SpacesTable,
} from './schema-organisation.ts';
import type {
  ComposeDocsTable,
  ComposePagesTable,
  ComposeProjectsTable,
  ShareConfigsTable,
  ShareContentsTable,
  ShareEnvironmentsTable,
  VisitorPasswordFailuresTable,
  VisitorSessionsTable,
} from './schema-sharing.ts';

/**
 * Table types, hand-written and reviewed with each migration; each feature's tables are in
 * `schema-<feature>.ts` and listed here. Columns are camelCase here and snake_case in SQL (CamelCasePlugin). Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers, the same on SQLite and
 * PostgreSQL, so no code branches on the dialect to read them.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  systemConfig: SystemConfigTable;
  i18nPacks: I18nPacksTable;
  userMessages: UserMessagesTable;
  spaces: SpacesTable;
  spaceMembers: SpaceMembersTable;
  projects: ProjectsTable;
  projectMembers: ProjectMembersTable;
  modules: ModulesTable;
  moduleEnvironments: ModuleEnvironmentsTable;
  openUsers: OpenUsersTable;
  auditLog: AuditLogTable;
  docs: DocsTable;
  docRevisions: DocRevisionsTable;
  enums: EnumsTable;
  enumItems: EnumItemsTable;
  constants: ConstantsTable;
  environmentGlobals: EnvironmentGlobalsTable;
  docSubscriptions: DocSubscriptionsTable;
  moduleTokens: ModuleTokensTable;
  jobs: JobsTable;
  moduleSources: ModuleSourcesTable;
  serverKeys: ServerKeysTable;
  mockConfigs: MockConfigsTable;
  dataVersion: DataVersionTable;
  projectSubscriptions: ProjectSubscriptionsTable;
  changeOutbox: ChangeOutboxTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  shareConfigs: ShareConfigsTable;
  shareContents: ShareContentsTable;
  shareEnvironments: ShareEnvironmentsTable;
  visitorSessions: VisitorSessionsTable;
  visitorPasswordFailures: VisitorPasswordFailuresTable;
  composeProjects: ComposeProjectsTable;
  composeDocs: ComposeDocsTable;
  composePages: ComposePagesTable;
  userIdentities: UserIdentitiesTable;
  oidcStates: OidcStatesTable;
  loginKeys: LoginKeysTable;
  genTemplates: GenTemplatesTable;
  debugScripts: DebugScriptsTable;
  userProps: UserPropsTable;
}

export type {
  I18nPacksTable,
  LoginAttemptsTable,
  LoginKeysTable,
  OidcStatesTable,
  ServerKeysTable,
  SessionsTable,
  SystemConfigTable,
  UserIdentitiesTable,
  UsersTable,
} from './schema-accounts.ts';
export type { DebugScriptsTable, UserPropsTable } from './schema-debug.ts';
export type {
  ConstantsTable,
  DataVersionTable,
  DocRevisionsTable,
  DocsTable,
  EnumItemsTable,
  EnumsTable,
  GenTemplatesTable,
  JobsTable,
  MockConfigsTable,
  ModuleSourcesTable,
} from './schema-docs.ts';
export type {
  ChangeOutboxTable,
  DocSubscriptionsTable,
  ProjectSubscriptionsTable,
  UserMessagesTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from './schema-messages.ts';
export type {
  AuditLogTable,
  EnvironmentGlobalsTable,
  ModuleEnvironmentsTable,
  ModulesTable,
  ModuleTokensTable,
  OpenUsersTable,
  ProjectMembersTable,
  ProjectsTable,
  SpaceMembersTable,
  SpacesTable,
} from './schema-organisation.ts';
export type {
  ComposeDocsTable,
  ComposePagesTable,
  ComposeProjectsTable,
  ShareConfigsTable,
  ShareContentsTable,
  ShareEnvironmentsTable,
  VisitorPasswordFailuresTable,
  VisitorSessionsTable,
} from './schema-sharing.ts';
