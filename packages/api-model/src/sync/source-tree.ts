import type { ApiDoc } from '../model/api-doc.ts';
import type { DubboInfo, ErrorCodeRow } from '../model/param.ts';

/**
 * What a source (an open-API push, a Swagger/OpenAPI, Postman or Markdown import) says an application holds.
 *
 * Converters (`packages/api-model/src/converters/<source>-to-model.ts`) and the open API's wire parser produce
 * a `SourceTree`; the server's sync engine (`apps/server/src/modules/doc-sync/`) merges it into an
 * application: it identifies docs by method + url (+ version), keeps locked docs and hand-edited
 * descriptions, records revisions with the source, and is idempotent. Both push and import share that one
 * engine, so they cannot drift in how they treat human edits.
 */
export interface SourceTree {
  /** Folders and docs at the top of the application, in source order. */
  nodes: SourceNode[];
  /** Dictionaries (enums) the docs' rows may link to by `enumName`. */
  enums: SourceEnum[];
  /** Debug environments (OpenAPI servers, Postman variables, Torna `debugEnvs`). */
  environments: SourceEnvironment[];
  /** Error codes of the whole application (Torna `commonErrorCodes`); undefined leaves the page alone. */
  commonErrorCodes?: Omit<ErrorCodeRow, 'id'>[] | undefined;
  /** What the converter had to simplify or skip, in English, one line each (shown in the import result). */
  warnings: string[];
}

export type SourceNode = SourceFolder | SourceDocNode;

/** A folder; folders with equal names under one parent merge. */
export interface SourceFolder {
  kind: 'folder';
  name: string;
  description?: string | undefined;
  /** A Dubbo service folder's facts (Torna keeps them on the folder; a folder made by hand can carry them too). */
  dubboInfo?: DubboInfo | undefined;
  children: SourceNode[];
}

/** A doc: the full document of the doc model. Rows link dictionaries by `enumName` (resolved by the engine). */
export interface SourceDocNode {
  kind: 'doc';
  /** The document; `v` and defaults as `newApiDoc` gives them. Param rows carry no ids. */
  doc: ApiDoc;
  /** Torna's doc `version`, part of the identity when given. */
  version?: string | undefined;
  /** Dictionary names by param row path (`requestParams.0.children.2`), for rows linked to a source enum. */
  enumLinks?: Record<string, string> | undefined;
  /**
   * The search columns of the doc as a sync would store it, computed ahead by the thread that converted it
   * (an import's worker), with the fields they were computed from: a sync uses them only when its document
   * still has those fields and the import marked the tree as prepared by the server.
   */
  search?: PreparedSearch | undefined;
  /**
   * The stored row of the doc as a sync would insert it when no doc of the application matches it, computed
   * ahead by the import's worker with the dictionary ids the sync gave it (the sync trusts it only on a tree
   * the server prepared, and only for a new doc).
   */
  ready?: PreparedDocRow | undefined;
}

/** A new doc's columns computed ahead (`SourceDocNode.ready`), with the warnings building it gave. */
export interface PreparedDocRow {
  columns: {
    name: string;
    url: string;
    httpMethod: string;
    type: number;
    isShow: number;
    deprecated: string;
    author: string;
    contentType: string;
    /** The stored document's JSON. */
    content: string;
    searchText: string;
    searchWords: string;
  };
  warnings: string[];
}

/** Search columns computed ahead (`SourceDocNode.search`). */
export interface PreparedSearch {
  text: string;
  words: string;
  name: string;
  url: string;
  author: string;
  description: string;
}

export interface SourceEnum {
  name: string;
  description: string;
  items: { name: string; type: string; value: string; description: string }[];
}

export interface SourceEnvironment {
  name: string;
  url: string;
  /** Whether the environment is public (shown to guests); Torna's `isPublic`. */
  isPublic?: boolean | undefined;
}

/** Counts a sync answers with (the `doc.push` reply's extra data and the import job result). */
export interface SyncCounts {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

/** How a sync treats what the application holds that the source does not name. */
export interface SyncMode {
  /** Replace: docs (and emptied folders) absent from the source are soft-deleted. Append: they stay. */
  replace: boolean;
  /**
   * Override: the source's description wins even over a description edited by hand in Quire. Without it a
   * description edited by hand (its last change came from the web, not from a push or import) is kept.
   */
  override: boolean;
}
