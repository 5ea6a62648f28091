import {
  type CompiledQuery,
  type Insertable,
  type Kysely,
  type RawBuilder,
  sql,
  type Updateable,
} from 'kysely';
import type { Database, DocRevisionsTable, DocsTable } from '../../db/schema.ts';

/*
 * The statements of a deferred re-import's switch (deferred-sync.ts): many rows per statement, on SQLite only
 * (the deferred path runs on SQLite files, whose one writer everyone else waits for while the switch runs).
 * SQLite binds at most 32,766 parameters a statement.
 */

type Executor = Kysely<Database>;

const MAX_PARAMETERS = 30_000;
/**
 * Characters of text a statement carries at most: its parameters are copied to the writer's thread and bound
 * there, and a few hundred docs of a large description (Graph's run to tens of KB each) made statements of
 * about 100 MB, several copies of which were alive at once.
 */
const MAX_CHARACTERS = 4_000_000;

/** A recorded update of one row: with `base`, only while the doc is still at that revision and not removed. */
export interface DocUpdate {
  id: string;
  base: number | null;
  changes: Updateable<DocsTable>;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The text a row carries, roughly: its strings' lengths. */
function charactersOf(row: object): number {
  let total = 0;
  for (const value of Object.values(row)) if (typeof value === 'string') total += value.length;
  return total;
}

/** Rows in runs within both limits (a row past the characters' limit goes alone); exported for its test. */
export function* chunks<T extends object>(
  rows: ReadonlyArray<T>,
  columns: number,
  text: (row: T) => number = charactersOf,
): Generator<ReadonlyArray<T>> {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)));
  let start = 0;
  let characters = 0;
  for (let at = 0; at < rows.length; at++) {
    const own = text(rows[at] as T);
    if (at > start && (at - start >= size || characters + own > MAX_CHARACTERS)) {
      yield rows.slice(start, at);
      start = at;
      characters = 0;
    }
    characters += own;
  }
  if (start < rows.length) yield rows.slice(start);
}

/**
 * The switch's statements, built before its transaction opens (deferred-writes.ts `prepare`): building them
 * is the main thread's work, a quarter of a large switch's time, while SQLite's one writer waited for them.
 */
export interface SwitchStatements {
  docs: CompiledQuery[];
  updates: Array<{ query: CompiledQuery; checked: boolean; rows: number }>;
  revisions: CompiledQuery[];
}

/** Builds the inserts of new docs and revisions and the updates of existing docs, a few hundred rows each. */
export function switchStatements(
  db: Executor,
  docs: ReadonlyArray<Insertable<DocsTable>>,
  updates: ReadonlyArray<DocUpdate>,
  revisions: ReadonlyArray<Insertable<DocRevisionsTable>>,
): SwitchStatements {
  return {
    docs: [...chunks(docs, Object.keys(docs[0] ?? {}).length)].map((chunk) =>
      db
        .insertInto('docs')
        .values([...chunk])
        .compile(),
    ),
    updates: updateStatements(db, updates),
    revisions: [...chunks(revisions, Object.keys(revisions[0] ?? {}).length)].map((chunk) =>
      db
        .insertInto('docRevisions')
        .values([...chunk])
        .compile(),
    ),
  };
}

/** Runs statements built ahead, in order. */
export async function runStatements(db: Executor, statements: ReadonlyArray<CompiledQuery>): Promise<void> {
  for (const statement of statements) await db.executeQuery(statement);
}

/**
 * Updates with one statement per set of columns and few hundred rows (`WITH v(...) AS (VALUES ...) UPDATE
 * docs ... FROM v`). An update with a base revision bumps it, and is skipped when the doc moved on or was
 * removed.
 */
function updateStatements(db: Executor, updates: ReadonlyArray<DocUpdate>): SwitchStatements['updates'] {
  const groups = new Map<string, { columns: string[]; checked: boolean; rows: DocUpdate[] }>();
  for (const update of updates) {
    const columns = Object.keys(update.changes)
      .filter((key) => (update.changes as Record<string, unknown>)[key] !== undefined)
      .sort();
    const checked = update.base !== null;
    const key = `${checked ? 'r' : '-'}:${columns.join(',')}`;
    const group = groups.get(key) ?? { columns, checked, rows: [] };
    group.rows.push(update);
    groups.set(key, group);
  }
  const statements: SwitchStatements['updates'] = [];
  for (const { columns, checked, rows } of groups.values()) {
    if (columns.length === 0 && !checked) continue;
    const names = ['v_id', 'v_base', ...columns.map((column) => `v_${snake(column)}`)];
    for (const chunk of chunks(rows, names.length, (row) => charactersOf(row.changes))) {
      const values: RawBuilder<unknown>[] = chunk.map(
        (row) =>
          sql`(${sql.join([
            row.id,
            row.base,
            ...columns.map((column) => (row.changes as Record<string, unknown>)[column] ?? null),
          ])})`,
      );
      const sets = columns.map((column) => sql`${sql.id(snake(column))} = v.${sql.id(`v_${snake(column)}`)}`);
      if (checked) sets.push(sql`revision = v.v_base + 1`);
      const query = sql`with v(${sql.join(names.map((name) => sql.id(name)))}) as (values ${sql.join(values)})
        update docs set ${sql.join(sets)} from v
        where docs.id = v.v_id ${checked ? sql`and docs.revision = v.v_base and docs.deleted_at is null` : sql``}`.compile(
        db,
      );
      statements.push({ query, checked, rows: chunk.length });
    }
  }
  return statements;
}

/** Runs the updates built ahead (`switchStatements`). Answers how many with a base revision were skipped. */
export async function updateDocsTogether(
  db: Executor,
  updates: SwitchStatements['updates'],
): Promise<number> {
  let skipped = 0;
  for (const { query, checked, rows } of updates) {
    const result = await db.executeQuery(query);
    if (checked) skipped += rows - Number(result.numAffectedRows ?? 0);
  }
  return skipped;
}

/**
 * Empties the search columns of docs a re-import will rewrite, ahead of its switch (deferred-writes.ts). On
 * SQLite nothing reads them but the full-text triggers (paused by the caller, so the full-text tables keep
 * what users find now, and the docs are listed for the catch-up): emptied, a Graph doc's row shrinks from
 * about 6 KB to a few hundred bytes, and the switch rewrites small rows.
 */
export async function emptySearchColumns(db: Executor, ids: ReadonlyArray<string>): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('docs')
    .set({ searchText: '', searchWords: '' })
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('searchText', '!=', ''), eb('searchWords', '!=', '')]))
    .execute();
}

/**
 * Writes revisions ahead of the switch (deferred-writes.ts): each is numbered one past its doc's revision, so
 * nothing reads it until the switch bumps the doc to that number. A row already at that number (someone
 * saved the doc meanwhile, which makes the plan stale anyway) is left as it is, never overwritten.
 */
export async function insertPendingRevisions(
  db: Executor,
  rows: ReadonlyArray<Insertable<DocRevisionsTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('docRevisions')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['docId', 'revision']).doNothing())
    .execute();
}

/** A delete of the revisions numbered past their doc's own: written ahead and never published. */
function deletePending(db: Executor) {
  return db
    .deleteFrom('docRevisions')
    .where(({ eb, selectFrom }) =>
      eb(
        'revision',
        '>',
        selectFrom('docs').select('docs.revision').whereRef('docs.id', '=', 'docRevisions.docId'),
      ),
    );
}

/** Deletes the revisions of these docs numbered past their doc's own: written ahead and never published. */
export async function deletePendingRevisions(db: Executor, docIds: ReadonlyArray<string>): Promise<void> {
  if (docIds.length === 0) return;
  await deletePending(db)
    .where('docId', 'in', [...docIds])
    .execute();
}

/** Every revision numbered past its doc's own, in the whole database: what a crash left written ahead. */
export async function deleteAllPendingRevisions(db: Executor): Promise<number> {
  const result = await deletePending(db).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The revisions of an application's docs numbered past their doc's own (a crash's leftovers, if any). */
export async function deleteModulePendingRevisions(db: Executor, moduleId: string): Promise<void> {
  await deletePending(db)
    .where('docId', 'in', (eb) =>
      eb.selectFrom('docs').select('docs.id').where('docs.moduleId', '=', moduleId),
    )
    .execute();
}
