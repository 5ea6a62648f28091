/** Table types of releases (migration 2026-11-28T0500, docs/releases.md). Rules for all tables: ./schema.ts. */

/** A release of a project: a number unique in the project, a description and a status. */
export interface ReleasesTable {
  id: string;
  projectId: string;
  releaseNo: string;
  releaseDesc: string;
  /** 1 valid, 0 invalid (Torna's). */
  status: number;
  dingdingWebhook: string;
  weComWebhook: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A doc a release covers, frozen at `revision` (the snapshot in `doc_revisions`, or the doc while current). */
export interface ReleaseDocsTable {
  releaseId: string;
  docId: string;
  moduleId: string;
  revision: number;
  name: string;
  url: string;
  httpMethod: string;
  orderIndex: number;
}

/**
 * Where a release froze a doc, or a folder of an application it covers as it was then (migration
 * 2026-11-28T0560): the tree, shares and exports of the release place its docs by these rows.
 */
export interface ReleaseNodesTable {
  releaseId: string;
  /** A doc's or a folder's id. */
  nodeId: string;
  moduleId: string;
  /** '' at the top of the application. */
  parentId: string;
  isFolder: number;
  /** A folder's own document as it was; '' for a doc (its document is its frozen revision). */
  content: string;
  orderIndex: number;
  createdAt: string;
}

/** A user follows a release. */
export interface ReleaseSubscriptionsTable {
  userId: string;
  releaseId: string;
  createdAt: string;
}
