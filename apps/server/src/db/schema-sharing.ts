/**
 * Table types of shares and composed projects, and the sessions of their visitors. Rules for all tables:
 * ./schema.ts.
 */

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
  /** A share of a release: its visitors read the docs as the release froze them; null the docs now. */
  releaseId: string | null;
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
