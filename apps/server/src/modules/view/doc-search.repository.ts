import type { DocSearchHit } from '@quire/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type SearchIndexKind, searchIndexKind } from '../../db/dialect.ts';

/**
 * Doc search through the index of migration `create-doc-search`; rows are never read into the app to be
 * matched. Terms are the query's whitespace-separated words, lower-cased, all required (AND).
 *
 * - Terms of three characters or more go to the index (FTS5 trigram MATCH on SQLite; LIKE '%term%' served by
 *   the trigram GIN indexes, or a prefix full-text query, on PostgreSQL).
 * - Shorter terms (trigrams cannot index them: `id`, `用户`) match with LIKE over the index's own text
 *   (`docs_fts.search_text` on SQLite, `docs.search_text` on PostgreSQL), which holds names and URLs as well
 *   as params and descriptions. Without a long term this is a scan in SQL of that text, cut short by the
 *   LIMIT: a common short word (订单) fills the page from the first rows; a rare one reads the whole text.
 *
 * Ranking: docs whose name or URL hold the terms come first: exact name, name starting with the first term,
 * name containing it, URL containing it; then the shorter name. Docs that hold the terms only in their params
 * or descriptions follow, unranked (ranking thousands of such matches is what made a common word slow).
 */
export interface SearchScope {
  /** Project ids the caller may read; undefined means every project (super admin). */
  projectIds: ReadonlyArray<string> | undefined;
  limit: number;
}

/** Escapes LIKE wildcards; every LIKE here says ESCAPE '\'. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const contains = (term: string) => `%${likeEscape(term)}%`;

/** The query's terms: lower-cased words, duplicates dropped, at most 8 (more narrows nothing useful). */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

/** FTS5 query: each term a quoted string (trigram substring), all required. */
export function ftsMatch(terms: ReadonlyArray<string>): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(' ');
}

/** PostgreSQL full-text query of the fallback index: every word of every term as a prefix. */
export function tsQuery(terms: ReadonlyArray<string>): string {
  const words = terms.flatMap((t) => t.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return words.map((w) => `${w}:*`).join(' & ');
}

function scopeFilter(scope: SearchScope): RawBuilder<unknown> {
  if (!scope.projectIds) return sql`1 = 1`;
  return sql`p.id in (${sql.join(scope.projectIds.map((id) => sql`${id}`))})`;
}

// What a hit shows, from the docs table (PostgreSQL) or from the FTS table's own columns (SQLite).
const SELECT = sql`d.id, d.name, d.url, d.http_method, d.type as doc_type, d.deprecated, d.module_id,
  m.name as module_name, p.id as project_id, p.name as project_name`;
const SELECT_FTS = sql`f.doc_id as id, f.name, f.url, f.http_method, f.doc_type, f.deprecated, f.module_id,
  m.name as module_name, p.id as project_id, p.name as project_name`;

const PARENTS = sql`join projects p on p.id = m.project_id join spaces s on s.id = p.space_id`;
const PARENTS_LIVE = sql`m.deleted_at is null and p.deleted_at is null and s.deleted_at is null`;
const DOC_LIVE = sql`d.deleted_at is null and d.is_folder = 0 and d.is_show = 1`;

function likeAll(column: string, terms: ReadonlyArray<string>): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`${sql.raw(column)} like ${contains(t)} escape '\\'`),
    sql` and `,
  );
}

/** Every term in the column (the search text is lower-cased already), or no filter without terms. */
function likeAllOrTrue(column: string, terms: ReadonlyArray<string>): RawBuilder<unknown> {
  return terms.length === 0 ? sql`1 = 1` : likeAll(column, terms);
}

/** Name-or-URL filter for every term (each term in the name or in the URL). */
function nameOrUrl(terms: ReadonlyArray<string>, alias: string): RawBuilder<unknown> {
  if (terms.length === 0) return sql`1 = 1`;
  return sql.join(
    terms.map(
      (t) =>
        sql`(lower(${sql.ref(`${alias}.name`)}) like ${contains(t)} escape '\\' or lower(${sql.ref(`${alias}.url`)}) like ${contains(t)} escape '\\')`,
    ),
    sql` and `,
  );
}

function rankBy(q: string, first: string, alias: string): RawBuilder<unknown> {
  const name = sql`lower(${sql.ref(`${alias}.name`)})`;
  return sql`case when ${name} = ${q} then 0
    when ${name} like ${`${likeEscape(first)}%`} escape '\\' then 1
    when ${name} like ${contains(first)} escape '\\' then 2
    when lower(${sql.ref(`${alias}.url`)}) like ${contains(first)} escape '\\' then 3 else 4 end,
    length(${sql.ref(`${alias}.name`)}), ${sql.ref(`${alias}.${alias === 'f' ? 'doc_id' : 'id'}`)}`;
}

function notIn(column: string, ids: ReadonlyArray<string>): RawBuilder<unknown> {
  if (ids.length === 0) return sql`1 = 1`;
  return sql`${sql.ref(column)} not in (${sql.join(ids.map((id) => sql`${id}`))})`;
}

interface Plan {
  terms: string[];
  long: string[];
  short: string[];
  whole: string;
  first: string;
}

/**
 * SQLite. Two steps keep a common word fast over 50,000 docs:
 * 1. docs whose name or URL hold every term, ranked: a scan of the narrow `docs_view_tree` index (names and
 *    URLs are short; trigram lists of a common word over whole bodies are not), never of the table rows;
 * 2. if the page is not full, docs that hold the terms anywhere (params, descriptions) from the FTS index,
 *    unranked, so the query stops after `limit` rows instead of ranking every match.
 */
async function searchFts(db: Db, plan: Plan, scope: SearchScope): Promise<DocSearchHit[]> {
  const ranked = (
    await sql<DocSearchHit>`select ${SELECT} from docs d indexed by docs_view_tree
      join modules m on m.id = d.module_id ${PARENTS}
      where ${DOC_LIVE} and ${PARENTS_LIVE} and ${scopeFilter(scope)} and ${nameOrUrl(plan.terms, 'd')}
      order by ${rankBy(plan.whole, plan.first, 'd')} limit ${scope.limit}`.execute(db)
  ).rows;
  if (ranked.length >= scope.limit) return ranked;
  const match = plan.long.length > 0 ? sql`docs_fts match ${ftsMatch(plan.long)}` : sql`1 = 1`;
  const rest = (
    await sql<DocSearchHit>`select ${SELECT_FTS} from docs_fts f join modules m on m.id = f.module_id ${PARENTS}
      where ${match} and f.live = 1 and ${PARENTS_LIVE} and ${scopeFilter(scope)}
        and ${likeAllOrTrue('f.search_text', plan.short)} and ${notIn(
          'f.doc_id',
          ranked.map((h) => h.id),
        )}
      limit ${scope.limit - ranked.length}`.execute(db)
  ).rows;
  return [...ranked, ...rest];
}

/** PostgreSQL: the same two steps, on the trigram indexes (or the full-text one for the second step). */
async function searchPg(
  db: Db,
  kind: SearchIndexKind,
  plan: Plan,
  scope: SearchScope,
): Promise<DocSearchHit[]> {
  const from = sql`docs d join modules m on m.id = d.module_id ${PARENTS}`;
  const where = sql`${DOC_LIVE} and ${PARENTS_LIVE} and ${scopeFilter(scope)}`;
  const ranked = (
    await sql<DocSearchHit>`select ${SELECT} from ${from} where ${where} and ${nameOrUrl(plan.terms, 'd')}
      order by ${rankBy(plan.whole, plan.first, 'd')} limit ${scope.limit}`.execute(db)
  ).rows;
  const body =
    kind === 'trigram'
      ? plan.long.length > 0
        ? likeAll('d.search_text', plan.long)
        : undefined
      : tsQuery(plan.long) !== ''
        ? sql`to_tsvector('simple', d.search_text) @@ to_tsquery('simple', ${tsQuery(plan.long)})`
        : undefined;
  if (ranked.length >= scope.limit) return ranked;
  const rest = (
    await sql<DocSearchHit>`select ${SELECT} from ${from}
      where ${body ?? sql`1 = 1`} and ${where} and ${likeAllOrTrue('d.search_text', plan.short)} and ${notIn(
        'd.id',
        ranked.map((h) => h.id),
      )}
      limit ${scope.limit - ranked.length}`.execute(db)
  ).rows;
  return [...ranked, ...rest];
}

/** The best-ranked docs matching `q` within the scope. */
export async function searchDocs(db: Db, q: string, scope: SearchScope): Promise<DocSearchHit[]> {
  const terms = searchTerms(q);
  if (terms.length === 0 || scope.projectIds?.length === 0) return [];
  const plan: Plan = {
    terms,
    // Three code points, not UTF-16 units: trigrams count characters.
    long: terms.filter((t) => [...t].length >= 3),
    short: terms.filter((t) => [...t].length < 3),
    whole: q.trim().toLowerCase(),
    first: terms[0] ?? '',
  };
  const kind = await searchIndexKind(db);
  const rows = kind === 'fts5' ? await searchFts(db, plan, scope) : await searchPg(db, kind, plan, scope);
  return rows.map((row) => ({ ...row, docType: Number(row.docType) }));
}
