import type { Generated } from 'kysely';

/**
 * Table types, hand-written and reviewed with each migration. Columns are camelCase here and snake_case in SQL
 * (CamelCasePlugin). Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers, the same on SQLite and
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
  exportFiles: ExportFilesTable;
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
}

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key, so `Alice` and `alice` cannot both register. */
  usernameKey: string;
  nickname: string;
  email: string;
  avatar: string;
  passwordHash: string;
  /** 1 enabled, 0 disabled, 2 must set a password. */
  status: number;
  /** 1 while the account must choose its own password (status 2), kept through a disable/enable. */
  mustSetPassword: Generated<number>;
  source: string;
  isSuperAdmin: number;
  lang: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  id: string;
  userId: string;
  /** sha256 of the token's secret part; the secret itself is never stored. */
  secretHash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  ip: string;
  userAgent: string;
}

export interface LoginAttemptsTable {
  id: string;
  usernameKey: string;
  ip: string;
  createdAt: string;
}

export interface SystemConfigTable {
  key: string;
  value: string;
  updatedAt: string;
}

export interface I18nPacksTable {
  id: string;
  lang: string;
  description: string;
  /** JSON object of UI strings, merged over the built-in pack of the same language. */
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface UserMessagesTable {
  id: string;
  userId: string;
  message: string;
  type: number;
  sourceId: string;
  isRead: number;
  createdAt: string;
}

export interface SpacesTable {
  id: string;
  name: string;
  /** 1 when the space holds composed projects instead of normal ones. */
  isCompose: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  /** Set when soft-deleted; the row is hidden everywhere and restorable for 30 days. */
  deletedAt: string | null;
  deletedBy: string | null;
}

export interface SpaceMembersTable {
  spaceId: string;
  userId: string;
  /** guest | dev | admin */
  role: string;
  joinTime: string;
}

export interface ProjectsTable {
  id: string;
  spaceId: string;
  name: string;
  description: string;
  /** 1 private (members only), 0 public (every member of the space may read). */
  isPrivate: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  deletedBy: string | null;
}

export interface ProjectMembersTable {
  projectId: string;
  userId: string;
  /** guest | dev | admin */
  role: string;
  joinTime: string;
}

export interface ModulesTable {
  id: string;
  projectId: string;
  name: string;
  /** 0 manual, 1 swagger import, 2 postman import, 3 YApi markdown import. */
  type: number;
  orderIndex: number;
  /** JSON object of the module settings (see modules/modules/module-settings.ts). */
  settings: string;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  deletedBy: string | null;
}

export interface ModuleEnvironmentsTable {
  id: string;
  moduleId: string;
  name: string;
  /** Trimmed, without a trailing slash. */
  baseUrl: string;
  isPublic: number;
  orderIndex: number;
  createdAt: string;
  updatedAt: string;
}

export interface OpenUsersTable {
  id: string;
  spaceId: string;
  appKey: string;
  /** sha256 of the secret; the secret itself is shown once and never stored. */
  secretHash: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  /**
   * The secret sealed with the server's secret box (lib/secret-box.ts), to verify open-API signatures; null for
   * open users made before signing existed.
   */
  signSecret: string | null;
  applicant: string;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
}

export interface AuditLogTable {
  id: string;
  /** No foreign key: the record outlives the account it names. */
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** JSON object with what changed. */
  detail: string;
  createdAt: string;
}

/** A doc or folder: light columns for the tree, and `content`, the api-model document (JSON, versioned). */
export interface DocsTable {
  id: string;
  moduleId: string;
  /** '' at the top of the module. */
  parentId: string;
  isFolder: number;
  name: string;
  url: string;
  httpMethod: string;
  /** 0 HTTP, 1 Dubbo, 2 custom, 3 Markdown. */
  type: number;
  orderIndex: number;
  isShow: number;
  /** `$false$` when not deprecated, else the reason. */
  deprecated: string;
  /** 1: pushes and imports leave the doc alone; people still edit it. */
  isLocked: number;
  author: string;
  contentType: string;
  /** Bumped by every save; a save names the revision it started from. */
  revision: number;
  content: string;
  /** Lower-cased words of the doc for search (api-model `searchTextOf`). */
  searchText: string;
  /** Name, URL and search text as plain words, one line each (api-model `searchWordsOf`); default ''. */
  searchWords: Generated<string>;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  deletedBy: string | null;
  /** `push` or `import` when a sync created the row (a replacing sync removes only those), else null. */
  syncOrigin: string | null;
}

/** The document of a doc after one save. */
export interface DocRevisionsTable {
  docId: string;
  revision: number;
  snapshot: string;
  remark: string;
  /** web | push | import | restore */
  source: string;
  /** JSON array of the differences from the previous revision. */
  changes: string;
  /** The revision a restore brought back; null for other saves. */
  restoredFrom: number | null;
  createdBy: string;
  createdAt: string;
}

/** A dictionary of an application. */
export interface EnumsTable {
  id: string;
  moduleId: string;
  name: string;
  description: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface EnumItemsTable {
  id: string;
  enumId: string;
  name: string;
  type: string;
  value: string;
  description: string;
  orderIndex: number;
}

/** The constants page and error-code table of a project or an application. */
export interface ConstantsTable {
  /** project | module */
  scopeType: string;
  scopeId: string;
  /** Sanitized HTML. */
  content: string;
  /** JSON array of {id, code, description, solution}. */
  errorCodes: string;
  updatedBy: string;
  updatedAt: string;
}

/** Global headers, params and returns of an environment (JSON of three param trees). */
export interface EnvironmentGlobalsTable {
  environmentId: string;
  content: string;
  updatedBy: string;
  updatedAt: string;
}

/** A user follows a doc (the reader's follow button). */
export interface DocSubscriptionsTable {
  userId: string;
  docId: string;
  createdAt: string;
}

/** The push token of an application (open API `access_token`), as a sha256 hash. */
export interface ModuleTokensTable {
  moduleId: string;
  tokenHash: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Background work (imports, scheduled re-imports), claimed by one instance at a time through a lease. */
export interface JobsTable {
  id: string;
  /** import | refresh */
  kind: string;
  moduleId: string;
  /** queued | running | done | failed | cancelled */
  status: string;
  /** The step a running job is in (migration 2026-11-25T0500); '' before it starts. */
  phase: Generated<string>;
  progressDone: number;
  progressTotal: number;
  /** JSON of the job's result once done. */
  result: string | null;
  /** JSON {key, args, message} once failed. */
  error: string | null;
  /** JSON of the source a re-import into an existing application reads (migration 2026-11-23T0845); null = the saved one. */
  source: string | null;
  attempts: number;
  lockedBy: string | null;
  lockedUntil: string | null;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The file of a finished export job, for its requester, kept a day (migration 2026-11-25T0900). */
export interface ExportFilesTable {
  id: string;
  jobId: string;
  createdBy: string;
  fileName: string;
  contentType: string;
  size: number;
  /** base64 of the file. */
  body: string;
  createdAt: string;
  expiresAt: string;
}

/** Where an imported application comes from, and how often to re-import it. */
export interface ModuleSourcesTable {
  moduleId: string;
  /** swagger | postman | markdown */
  kind: string;
  url: string;
  authUsername: string;
  /** AES-256-GCM of the basic-auth password (lib/secret-box.ts); '' when none. */
  authPasswordEnc: string;
  content: string | null;
  fileName: string;
  refreshMinutes: number;
  nextSyncAt: string | null;
  lastJobId: string | null;
  lastSyncAt: string | null;
  /** Digest of the text the last successful import read (migration 2026-11-25T0500); null before. */
  sourceHash: Generated<string | null>;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Keys the server generated for itself (the secret box key when QUIRE_SECRET_KEY is not set). */
export interface ServerKeysTable {
  name: string;
  value: string;
  createdAt: string;
}

/** A mock configuration of a doc (migration 2026-11-25T0300). */
export interface MockConfigsTable {
  id: string;
  docId: string;
  name: string;
  version: number;
  isDefault: number;
  path: string;
  /** What requests are looked up by: the path without leading slashes ('' for id-only configurations). */
  pathKey: string;
  requestDataType: number;
  /** JSON `[{name, value}]`. */
  dataKv: string;
  dataJson: string;
  requestHeaders: string;
  httpStatus: number;
  delayMs: number;
  responseHeaders: string;
  /** 0 fixed body, 1 script, 2 Mock.js template. */
  resultType: number;
  responseBody: string;
  mockScript: string;
  remark: string;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One row (id 1): the counter bumped by triggers whenever data a reader sees changes (the read cache's key). */
export interface DataVersionTable {
  id: number;
  version: number | string | bigint;
}

/** A user follows a project: its docs, present and future (migration 2026-11-25T0100). */
export interface ProjectSubscriptionsTable {
  userId: string;
  projectId: string;
  createdAt: string;
}

/** A change that may notify people, written with the change; fanned out after the commit. */
export interface ChangeOutboxTable {
  id: string;
  /** docs | outcome */
  kind: string;
  /** JSON (modules/messages/change-events.ts). */
  payload: string;
  /** queued | running | done | failed */
  status: string;
  attempts: Generated<number>;
  lockedUntil: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A team-chat robot or signed generic hook of an application (`module`) or a project. */
export interface WebhooksTable {
  id: string;
  /** module | project */
  scopeType: string;
  scopeId: string;
  /** dingtalk | wecom | feishu | slack | generic */
  kind: string;
  /** The URL sealed with the secret box (a robot URL carries its token). */
  urlEnc: string;
  /** Scheme, host and path of the URL: what lists show. */
  urlHint: string;
  /** The signing secret sealed with the secret box; '' when none. */
  secretEnc: string;
  /** JSON array of event names. */
  events: string;
  template: string;
  enabled: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One message to a hook, retried with backoff; the delivery log. */
export interface WebhookDeliveriesTable {
  id: string;
  webhookId: string;
  event: string;
  body: string;
  /** queued | running | success | failed */
  status: string;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  responseCode: number | null;
  error: string;
  createdAt: string;
  finishedAt: string | null;
}

/** A share of an application's docs (migration 2026-11-25T0600). */
export interface ShareConfigsTable {
  id: string;
  moduleId: string;
  /** 1 public, 2 encrypted. */
  type: number;
  /** argon2 hash of the generated password; '' for public shares. */
  passwordHash: string;
  /** The same password sealed with the secret box, for the application's devs and admins to read. */
  passwordSealed: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  /** Last day (UTC, yyyy-MM-dd) the share opens; null never expires. */
  expiresOn: string | null;
  isAll: number;
  remark: string;
  showDebug: number;
  /** 1: every environment of the application; 0: the rows of share_environments (public ones when none). */
  allEnvironments: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
}

export interface ShareContentsTable {
  shareId: string;
  docId: string;
  /** 1: a folder whose docs, present and future, are shared. */
  isShareFolder: number;
}

export interface ShareEnvironmentsTable {
  shareId: string;
  environmentId: string;
}

/** A visitor's verified password: the sha256 of the token, for one `share:<id>` or `compose:<id>`. */
export interface VisitorSessionsTable {
  tokenHash: string;
  subject: string;
  expiresAt: string;
  createdAt: string;
}

export interface VisitorPasswordFailuresTable {
  id: string;
  subject: string;
  ip: string;
  createdAt: string;
}

export interface ComposeProjectsTable {
  id: string;
  spaceId: string;
  name: string;
  description: string;
  type: number;
  passwordHash: string;
  passwordSealed: string;
  status: number;
  showDebug: number;
  gatewayUrl: string;
  /** JSON param trees. */
  globalParams: string;
  globalReturns: string;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
}

/** An entry of a composed project: a folder of its own, or a reference to a doc (always read live). */
export interface ComposeDocsTable {
  id: string;
  projectId: string;
  /** '' for folders. */
  docId: string;
  isFolder: number;
  folderName: string;
  parentId: string;
  origin: string;
  orderIndex: number;
  creatorId: string;
  createdAt: string;
}

export interface ComposePagesTable {
  id: string;
  projectId: string;
  title: string;
  content: string;
  /** html (sanitized on save) or markdown (rendered safely by the reader). */
  contentKind: string;
  status: number;
  orderIndex: number;
  createdAt: string;
  updatedAt: string;
}

/** An external identity linked to a local account: LDAP (issuer '', subject the directory user name) or OIDC. */
export interface UserIdentitiesTable {
  id: string;
  userId: string;
  /** 'ldap' or 'oidc'. */
  provider: string;
  issuer: string;
  subject: string;
  createdAt: string;
  lastLoginAt: string;
}

/** An OpenID Connect login in flight, found by the sha256 of its state; deleted when the callback uses it. */
export interface OidcStatesTable {
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  /** Where the browser goes after login (a checked local path). */
  redirect: string;
  expiresAt: string;
}

/** A single-use key of `/successLogin`, found by its sha256. */
export interface LoginKeysTable {
  keyHash: string;
  userId: string;
  expiresAt: string;
}

/** A code generation template (LiquidJS), grouped by name; super admins manage them, readers render them. */
export interface GenTemplatesTable {
  id: string;
  groupName: string;
  name: string;
  content: string;
  orderIndex: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}
