import type { ColumnType } from 'kysely';

/**
 * Table types of the organisation: spaces, projects, applications (modules), their members, environments,
 * tokens and audit. Rules for all tables: ./schema.ts.
 */

export interface SpacesTable {
  id: string;
  name: string;
  /** 1 when the space holds composed projects instead of normal ones. */
  isCompose: number;
  /**
   * 1 when a super admin granted the space internal access: its outbound calls (debug proxy, swagger URL
   * imports, webhooks) may reach the hosts QUIRE_FETCH_ALLOW_HOSTS opens. 0 (the default): they may not.
   */
  internalAccess: number;
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
  /**
   * The first import building this application hidden (deleted until published, staged-sync.ts); '' while
   * its leftovers are discarded; null for every ordinary application, deleted or not.
   */
  stagedJobId: ColumnType<string | null, string | null | undefined, string | null>;
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

/** The push token of an application (open API `access_token`), as a sha256 hash. */
export interface ModuleTokensTable {
  moduleId: string;
  tokenHash: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Global headers, params and returns of an environment (JSON of three param trees). */
export interface EnvironmentGlobalsTable {
  environmentId: string;
  content: string;
  updatedBy: string;
  updatedAt: string;
}
