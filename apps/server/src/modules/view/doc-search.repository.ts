import type { DocSearchHit } from '@quire/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type SearchIndexKind, searchIndexKind } from '../../db/dialect.ts';

/**
 * Doc search through the index of migration `create-doc-search`; rows are never read into the app to be
 * matched. Terms are the query's whitespace-separated words, lower-cased, all required (AND).
 *
 * - Terms of three characters or more go to the index (FTS5 trigram MATCH on SQLite; LIKE '%term%' served by
 *   the trigram GIN index, or a prefix full-text query, on PostgreSQL).
 * - Shorter terms (trigrams cannot index them: `id`, `用户`) match the name or URL only, as a filter on the
 *   rows the index found, or on their own when every term is short.
 *
 * Ranking: exact name, name starting with the first term, name containing it, URL containing it, then the
 * rest; within a rank, bm25 on SQLite (name and URL weigh more than the body), then the shorter name.
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
function ftsMatch(terms: ReadonlyArray<string>): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(' ');
}

/** PostgreSQL full-text query of the fallback index: every word of every term as a prefix. */
function tsQuery(terms: ReadonlyArray<string>): string {
  const words = terms.flatMap((t) => t.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return words.map((w) => `${w}:*`).join(' & ');
}

function shortTermFilter(terms: ReadonlyArray<string>): RawBuilder<unknown> {
  if (terms.length === 0) return sql`1 = 1`;
  return sql.join(
    terms.map(
      (t) =>
        sql`(lower(d.name) like ${contains(t)} escape '\\' or lower(d.url) like ${contains(t)} escape '\\')`,
    ),
    sql` and `,
  );
}

function rankOf(q: string, first: string): RawBuilder<unknown> {
  return sql`case when lower(d.name) = ${q} then 0
    when lower(d.name) like ${`${likeEscape(first)}%`} escape '\\' then 1
    when lower(d.name) like ${contains(first)} escape '\\' then 2
    when lower(d.url) like ${contains(first)} escape '\\' then 3 else 4 end`;
}

function scopeFilter(scope: SearchScope): RawBuilder<unknown> {
  if (!scope.projectIds) return sql`1 = 1`;
  return sql`p.id in (${sql.join(scope.projectIds.map((id) => sql`${id}`))})`;
}

const SELECT = sql`d.id, d.name, d.url, d.http_method, d.type as doc_type, d.deprecated, d.module_id,
  m.name as module_name, p.id as project_id, p.name as project_name`;

const LIVE = sql`join modules m on m.id = d.module_id join projects p on p.id = m.project_id
  join spaces s on s.id = p.space_id`;

const LIVE_WHERE = sql`d.deleted_at is null and d.is_folder = 0 and d.is_show = 1 and m.deleted_at is null
  and p.deleted_at is null and s.deleted_at is null`;

function indexMatch(kind: SearchIndexKind, long: ReadonlyArray<string>): RawBuilder<unknown> {
  if (kind === 'trigram') {
    return sql.join(
      long.map((t) => sql`d.search_text like ${contains(t)} escape '\\'`),
      sql` and `,
    );
  }
  return sql`to_tsvector('simple', d.search_text) @@ to_tsquery('simple', ${tsQuery(long)})`;
}

/** The best-ranked docs matching `q` within the scope. */
export async function searchDocs(db: Db, q: string, scope: SearchScope): Promise<DocSearchHit[]> {
  const terms = searchTerms(q);
  if (terms.length === 0 || scope.projectIds?.length === 0) return [];
  // Three code points, not UTF-16 units: trigrams count characters.
  const long = terms.filter((t) => [...t].length >= 3);
  const short = terms.filter((t) => [...t].length < 3);
  const whole = q.trim().toLowerCase();
  const first = terms[0] ?? '';
  const rank = rankOf(whole, first);
  const kind = await searchIndexKind(db);
  let query: RawBuilder<DocSearchHit>;
  if (long.length > 0 && kind === 'fts5') {
    query = sql<DocSearchHit>`select ${SELECT} from docs_fts f join docs d on d.rowid = f.rowid ${LIVE}
      where docs_fts match ${ftsMatch(long)} and ${LIVE_WHERE} and ${scopeFilter(scope)}
        and ${shortTermFilter(short)}
      order by ${rank}, bm25(docs_fts, 10.0, 5.0, 1.0), length(d.name), d.id
      limit ${scope.limit}`;
  } else if (long.length > 0 && (kind === 'trigram' || tsQuery(long) !== '')) {
    query = sql<DocSearchHit>`select ${SELECT} from docs d ${LIVE}
      where ${indexMatch(kind, long)} and ${LIVE_WHERE} and ${scopeFilter(scope)} and ${shortTermFilter(short)}
      order by ${rank}, length(d.name), d.id
      limit ${scope.limit}`;
  } else {
    query = sql<DocSearchHit>`select ${SELECT} from docs d ${LIVE}
      where ${LIVE_WHERE} and ${scopeFilter(scope)} and ${shortTermFilter(terms)}
      order by ${rank}, length(d.name), d.id
      limit ${scope.limit}`;
  }
  const result = await query.execute(db);
  return result.rows.map((row) => ({ ...row, docType: Number(row.docType) }));
}
