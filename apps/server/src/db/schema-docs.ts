import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of docs and what belongs to them: revisions, dictionaries, constants, mocks, imports and jobs,
 * code templates. Rules for all tables: ./schema.ts.
 */

/** A doc or folder: light columns for the tree; its api-model document is its current revision's snapshot. */
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
  /**
   * Bumped by every save; a save names the revision it started from. The doc's document is the snapshot of
   * its revision at this number (migration 2026-11-29T0030): every doc and folder has one.
   */
  revision: number;
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

/**
 * The document of a doc after one save; the one at the doc's own `revision` is what the doc shows. One
 * numbered past it is a re-import's, written ahead of its switch and shown by nobody (doc-sync/deferred-writes.ts).
 */
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

/** Which application holds a legacy mock path `/mock/<path>` (migration 2026-11-26T0930, docs/mock.md). */
export interface MockPathClaimsTable {
  pathKey: string;
  moduleId: string;
  claimedAt: string;
}

/** One row (id 1): the counter bumped by triggers whenever data a reader sees changes (the read cache's key). */
export interface DataVersionTable {
  id: number;
  version: number | string | bigint;
}

/**
 * A counter per scope of the read cache (`m:<module>` docs of an application, `a:<module>` its environments
 * and dictionaries, `d:<doc>` one doc), bumped by triggers: migration `2026-11-28T0550-cache-versions`.
 */
export interface CacheVersionsTable {
  scope: string;
  version: number | string | bigint;
}

/** Background work (imports, scheduled re-imports), claimed by one instance at a time through a lease. */
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

export interface JobsTable {
  id: string;
  /** import | refresh | export | torna-import */
  kind: string;
  /**
   * The application. NULL in the table for a job of the whole server (torna-import, migration 2026-11-28T0520);
   * `findJob` reads that as '' so every job a service sees has a string here, and only torna-import's own
   * `perform` ever gets such a row from the runner.
   */
  moduleId: ColumnType<string, string | null, string | null>;
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

/** A code generation template (LiquidJS), grouped by name; super admins manage them, readers render them. */
export interface GenTemplatesTable {
  id: string;
  groupName: string;
  name: string;
  content: string;
  orderIndex: number;
  /** Why the template may not be rendered ('' when it may): a Torna template awaiting its Liquid rewrite. */
  disabledNote: Generated<string>;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}
