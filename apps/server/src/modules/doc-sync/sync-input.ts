import type { SourceEntry, SourceTree, SyncCounts, SyncMode } from '@quire/api-model';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RemovedDoc } from './sync-removal.ts';

export type { RemovedDoc } from './sync-removal.ts';

/**
 * The end of a tree whose docs were sent while it was still converting (an import's worker, for a first import):
 * what the sync writes after the docs, and how to read what they link.
 */
export interface StreamedTail {
  /** Dictionaries, environments, error codes and warnings: everything of the tree but its nodes. */
  head: Omit<SourceTree, 'nodes'>;
  /**
   * Dictionary ids by name, given by the worker to the docs' rows it built: the sync inserts the dictionaries
   * with them, which it may only do in an application that held no doc and no dictionary.
   */
  enumIds: Array<[string, string]>;
  /** Dictionary names by the keys the docs' `enumLinks` hold. */
  names: Record<string, string>;
  /** The folders at the top in the tree's order; they came as their first doc did, and the docs at the top follow them. */
  folderOrder: string[];
}

/** What to merge into which application, and who does it. */
export interface SyncInput {
  moduleId: string;
  /** The source; with `entries`, only its head (dictionaries, environments, error codes, warnings) is read. */
  tree: SourceTree;
  /**
   * The tree's folders and docs as they arrive (an import streams them from its worker): the sync writes the
   * first while the rest are on their way. Throwing rolls the sync back.
   */
  entries?: AsyncIterable<SourceEntry>;
  /**
   * The same entries again, from the first, once `entries` was walked to its end: a re-import on SQLite plans
   * again when someone saved meanwhile (deferred-sync.ts). Without it those entries are buffered as they come.
   */
  again?: () => AsyncIterable<SourceEntry>;
  /** How many docs `entries` holds (progress). */
  docCount?: number;
  /**
   * Every doc's HTML already went through the server's sanitizer (the import's convert worker did it): the
   * sync skips that pass. Only server code that sanitized sets this; nothing from a request does.
   */
  sanitized?: boolean;
  /**
   * Called, when the application holds no doc yet, once the source's dictionaries are written, with their ids
   * by name: an import's worker builds the rows of the new docs with them (`SourceDocNode.ready`) while the
   * sync writes.
   */
  onEnumIds?: (ids: ReadonlyMap<string, string>) => void;
  /**
   * Set when `entries` came while the source was still converting: its head is empty and this resolves with
   * the real one once every entry came (module-sync.ts `runStreamed`).
   */
  streamed?: Promise<StreamedTail>;
  mode: SyncMode;
  /** Recorded on every revision the sync writes. */
  source: 'push' | 'import';
  /** A user id, or a system id for pushes authenticated by an application token. */
  actorId: string;
  /** The pusher's or importer's name: the author of docs that name none. */
  author: string;
  /** Docs written so far of all the tree's docs (a background job's progress). */
  onProgress?: (done: number, total: number) => void;
  /** Aborts the sync (its transaction rolls back) at the next yield. */
  signal?: AbortSignal;
  /**
   * Answer, in `SyncResult.contents`, the document each changed doc had before the sync and has after it (a
   * push's change report compares just those, instead of reading the whole application before and after).
   */
  keepContents?: boolean;
  /** Runs last inside the transaction; throwing rolls everything back (a cancelled job's commit claim). */
  beforeCommit?: (trx: Transaction<Database>) => Promise<void>;
}

/** A doc whose document a sync changed: its stored text before (null: added) and after (null: removed). */
export interface SyncedContent {
  id: string;
  before: string | null;
  after: string | null;
}

/**
 * What a sync did: counts, the docs a replace removed, what the source got wrong, and with `keepContents` the
 * documents it changed.
 */
export type SyncResult = SyncCounts & {
  removed: RemovedDoc[];
  warnings: string[];
  contents?: SyncedContent[];
};
