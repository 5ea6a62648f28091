/**
 * Table types of the debug feature (migration 2026-11-25T0400-create-debug), listed in `Database` (./schema.ts).
 */
export interface DebugScriptsTable {
  id: string;
  name: string;
  description: string;
  /** JavaScript run in the sandbox, never in the page. */
  content: string;
  /** 0 pre-request, 1 post-response. */
  type: number;
  /** 0 doc, 1 application, 2 project. */
  scope: number;
  /** The doc, application or project of the scope. */
  refId: string;
  enabled: number;
  creatorId: string;
  creatorName: string;
  createdAt: string;
  updatedAt: string;
}

/** Torna's `prop` rows of a user: type 10 = the debug panel's remembered values of a doc (JSON). */
export interface UserPropsTable {
  userId: string;
  type: number;
  refId: string;
  value: string;
  updatedAt: string;
}
