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
  moduleSources: ModuleSourcesTable;
  serverKeys: ServerKeysTable;
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
  /** queued | running | done | failed */
  status: string;
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
