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

/** A user follows a release. */
export interface ReleaseSubscriptionsTable {
  userId: string;
  releaseId: string;
  createdAt: string;
}
