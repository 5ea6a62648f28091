import type { DocSearchHit } from '@quire/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fullTextTokenSizes, type SearchIndexKind, searchIndexKind } from '../../db/dialect.ts';
import { LIKE_ESCAPE, likeEscape } from '../../db/search.ts';
import {
  globContains,
  planSearch,
  type SearchPlan,
  tsAll,
  tsPhrase,
  tsQuery,
  wordMatch,
} from './doc-search-query.ts';

/**
 * Doc search through the indexes of migrations `create-doc-search` (trigrams) and `doc-search-words` (words);
 * rows are never read into the app to be matched (see doc-search-query.ts for what a term matches).
 *
 * Four steps, each an index query stopped at the page size, until the page is full:
 * 1. the first term's words in the name and every other term's in the name or URL, ranked: exact name, name
 *    starting with the first term, other names; then the shorter name;
 * 2. the first term's words in the URL but not in the name (every other term in the name or URL), in index
 *    order: ranking those (every doc under `/api` for `api`) would cost more than it tells;
 * 3. every term's words anywhere (params, descriptions), in index order;
 * 4. with a term of three characters or more, the terms as substrings (trigram index), in index order.
 * MySQL has a FULLTEXT word index and no trigram one: see `mysqlSteps`.
 * Only the ranked step sorts, and only docs whose name holds the first term.
 */
export interface SearchScope {
  /** Project ids the caller may read; undefined means every project (super admin). */
  projectIds: ReadonlyArray<string> | undefined;
  limit: number;
}

export { globContains, searchTerms, tsQuery } from './doc-search-query.ts';

function scopeFilter(scope: SearchScope): RawBuilder<unknown> {
  if (!scope.projectIds) return sql`1 = 1`;
  return sql`p.id in (${sql.join(scope.projectIds.map((id) => sql`${id}`))})`;
}

/** The live modules within the caller's reach: a subquery each step filters its index matches by. */
function modulesInScope(scope: SearchScope): RawBuilder<unknown> {
  return sql`(select m.id from modules m join projects p on p.id = m.project_id
    join spaces s on s.id = p.space_id
    where m.deleted_at is null and p.deleted_at is null and s.deleted_at is null and ${scopeFilter(scope)})`;
}

const DOC_LIVE = sql`d.deleted_at is null and d.is_folder = 0 and d.is_show = 1`;

function notIn(column: string, ids: ReadonlyArray<string>): RawBuilder<unknown> {
  if (ids.length === 0) return sql`1 = 1`;
  return sql`${sql.ref(column)} not in (${sql.join(ids.map((id) => sql`${id}`))})`;
}

function likeAll(column: string, terms: ReadonlyArray<string>): RawBuilder<unknown> {
  if (terms.length === 0) return sql`1 = 1`;
  return sql.join(
    terms.map((t) => sql`${sql.ref(column)} like ${`%${likeEscape(t)}%`} escape ${LIKE_ESCAPE}`),
    sql` and `,
  );
}

/** Every term as a substring, through the trigram table's GLOB (migration `lean-doc-trigrams`). */
function globAll(column: string, terms: ReadonlyArray<string>): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`${sql.ref(column)} glob ${globContains(t)}`),
    sql` and `,
  );
}

/** Exact name first, then names starting with the first term; then the shorter name. */
function nameRank(plan: SearchPlan, name: string, id: string): RawBuilder<unknown> {
  const lower = sql`lower(${sql.ref(name)})`;
  return sql`case when ${lower} = ${plan.whole} then 0
    when ${lower} like ${`${likeEscape(plan.terms[0] ?? '')}%`} escape ${LIKE_ESCAPE} then 1 else 2 end,
    length(${sql.ref(name)}), ${sql.ref(id)}`;
}

/** One step: the ids of up to `limit` more matches, given the ids found so far. */
type Step = (found: ReadonlyArray<string>, limit: number) => Promise<string[]>;

async function runSteps(steps: ReadonlyArray<Step>, limit: number): Promise<string[]> {
  const found: string[] = [];
  for (const step of steps) {
    if (found.length >= limit) break;
    found.push(...(await step(found, limit - found.length)));
  }
  return found;
}

const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);

/** SQLite: the word steps on the FTS5 table `docs_words`, the trigram step on `docs_fts`. */
function sqliteSteps(db: Db, plan: SearchPlan, scope: SearchScope): Step[] {
  const [first = [], ...others] = plan.words;
  const modules = modulesInScope(scope);
  const words = (match: string, found: ReadonlyArray<string>, limit: number, ranked: boolean) =>
    sql<{ id: string }>`select w.doc_id as id from docs_words w where docs_words match ${match}
      and w.live = 1 and w.module_id in ${modules} and ${notIn('w.doc_id', found)}
      ${ranked ? sql`order by ${nameRank(plan, 'w.name', 'w.doc_id')}` : sql``} limit ${limit}`
      .execute(db)
      .then((r) => ids(r.rows));
  const rest = others.length > 0 ? ` AND ${wordMatch(others, 'name_words url_words')}` : '';
  const steps: Step[] = [
    (found, limit) => words(`${wordMatch([first], 'name_words')}${rest}`, found, limit, true),
    (found, limit) =>
      words(
        `(${wordMatch([first], 'url_words')}${rest}) NOT ${wordMatch([first], 'name_words')}`,
        found,
        limit,
        false,
      ),
    (found, limit) => words(wordMatch(plan.words), found, limit, false),
  ];
  if (plan.long.length > 0) {
    steps.push((found, limit) =>
      sql<{ id: string }>`select f.doc_id as id from docs_fts f where ${globAll('f.search_text', plan.long)}
        and f.live = 1 and f.module_id in ${modules} and ${likeAll('f.search_text', plan.short)}
        and ${notIn('f.doc_id', found)} limit ${limit}`
        .execute(db)
        .then((r) => ids(r.rows)),
    );
  }
  return steps;
}

/** PostgreSQL: the word steps on the weighted `search_tsv`, the trigram (or full-text) step on `search_text`. */
function postgresSteps(db: Db, kind: SearchIndexKind, plan: SearchPlan, scope: SearchScope): Step[] {
  const [first = [], ...others] = plan.words;
  const modules = modulesInScope(scope);
  const where = (found: ReadonlyArray<string>) =>
    sql`${DOC_LIVE} and d.module_id in ${modules} and ${notIn('d.id', found)}`;
  const words = (query: string, found: ReadonlyArray<string>, limit: number, ranked: boolean) =>
    sql<{ id: string }>`select d.id from docs d
      where d.search_tsv @@ to_tsquery('simple', ${query}) and ${where(found)}
      ${ranked ? sql`order by ${nameRank(plan, 'd.name', 'd.id')}` : sql``} limit ${limit}`
      .execute(db)
      .then((r) => ids(r.rows));
  const rest = others.length > 0 ? ` & ${tsAll(others, 'AB')}` : '';
  const steps: Step[] = [
    (found, limit) => words(`(${tsPhrase(first, 'A')})${rest}`, found, limit, true),
    (found, limit) =>
      words(`(${tsPhrase(first, 'B')})${rest} & !(${tsPhrase(first, 'A')})`, found, limit, false),
    (found, limit) => words(tsAll(plan.words), found, limit, false),
  ];
  const body =
    kind === 'trigram'
      ? likeAll('d.search_text', plan.long)
      : sql`to_tsvector('simple', d.search_text) @@ to_tsquery('simple', ${tsQuery(plan.long)})`;
  if (plan.long.length > 0 && (kind === 'trigram' || tsQuery(plan.long) !== '')) {
    steps.push((found, limit) =>
      sql<{ id: string }>`select d.id from docs d where ${body} and ${where(found)}
        and ${likeAll('d.search_text', plan.short)} limit ${limit}`
        .execute(db)
        .then((r) => ids(r.rows)),
    );
  }
  return steps;
}

/** The three lines of `docs.search_words` on MySQL (name, URL, body words), each led by a space. */
const NL = sql`char(10 using utf8mb4)`;
const MYSQL_LINES = {
  name: sql`concat(' ', substring_index(d.search_words, ${NL}, 1))`,
  url: sql`concat(' ', substring_index(substring_index(d.search_words, ${NL}, 2), ${NL}, -1))`,
  // Every line, each led by a space, so a phrase never runs from the end of one line into the next.
  any: sql`concat(' ', replace(d.search_words, ${NL}, concat(${NL}, ' ')))`,
};

/** A term's words in sequence in a line of words, the last a prefix: `% w1 w2%` against ` line`. */
function linePhrase(line: RawBuilder<unknown>, words: ReadonlyArray<string>): RawBuilder<unknown> {
  return sql`${line} like ${`% ${likeEscape(words.join(' '))}%`} escape ${LIKE_ESCAPE}`;
}

/**
 * The boolean-mode FULLTEXT query that narrows a word step to rows holding its words: each plain ASCII word the
 * index can hold (its token sizes), required, the last word of a phrase as a prefix. Words the index cannot
 * hold (shorter, longer, other scripts, whose splitting MySQL may do differently) are left to the exact LIKE
 * check; `undefined` when no word is left, and the step reads the docs of the caller's applications.
 */
function fullTextQuery(
  words: ReadonlyArray<ReadonlyArray<string>>,
  sizes: { min: number; max: number },
): string | undefined {
  const parts = words.flatMap((phrase) =>
    phrase.flatMap((word, i) =>
      /^[a-z0-9]+$/.test(word) && word.length >= sizes.min && word.length <= sizes.max
        ? [`+${word}${i === phrase.length - 1 ? '*' : ''}`]
        : [],
    ),
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * MySQL: the word steps through the FULLTEXT index on `search_words`, then an exact phrase check per line;
 * the substring step by LIKE on `search_text` (MySQL has no trigram index).
 */
function mysqlSteps(
  db: Db,
  plan: SearchPlan,
  scope: SearchScope,
  sizes: { min: number; max: number },
): Step[] {
  const [first = [], ...others] = plan.words;
  const modules = modulesInScope(scope);
  const where = (found: ReadonlyArray<string>) =>
    sql`${DOC_LIVE} and d.module_id in ${modules} and ${notIn('d.id', found)}`;
  const all = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` and `);
  const nameOrUrl = (words: ReadonlyArray<string>) =>
    sql`(${linePhrase(MYSQL_LINES.name, words)} or ${linePhrase(MYSQL_LINES.url, words)})`;
  const rest = others.map(nameOrUrl);
  const words = (
    exact: RawBuilder<unknown>,
    found: ReadonlyArray<string>,
    limit: number,
    ranked: boolean,
  ) => {
    const query = fullTextQuery(plan.words, sizes);
    const indexed = query ? sql`match (d.search_words) against (${query} in boolean mode)` : sql`1 = 1`;
    return sql<{ id: string }>`select d.id from docs d where ${indexed} and ${exact} and ${where(found)}
      ${ranked ? sql`order by ${nameRank(plan, 'd.name', 'd.id')}` : sql``} limit ${limit}`
      .execute(db)
      .then((r) => ids(r.rows));
  };
  const steps: Step[] = [
    (found, limit) => words(all([linePhrase(MYSQL_LINES.name, first), ...rest]), found, limit, true),
    (found, limit) =>
      words(
        all([linePhrase(MYSQL_LINES.url, first), ...rest, sql`not ${linePhrase(MYSQL_LINES.name, first)}`]),
        found,
        limit,
        false,
      ),
    (found, limit) => words(all(plan.words.map((w) => linePhrase(MYSQL_LINES.any, w))), found, limit, false),
  ];
  if (plan.long.length > 0) {
    steps.push((found, limit) =>
      sql<{ id: string }>`select d.id from docs d where ${likeAll('d.search_text', plan.long)}
        and ${where(found)} and ${likeAll('d.search_text', plan.short)} limit ${limit}`
        .execute(db)
        .then((r) => ids(r.rows)),
    );
  }
  return steps;
}

/**
 * What a hit shows, for the ids found, in their order: live docs only (SQLite's index may lag a re-import's switch
 * by a few seconds, view/search-index.service.ts).
 */
async function hitsOf(db: Db, found: ReadonlyArray<string>): Promise<DocSearchHit[]> {
  if (found.length === 0) return [];
  const rows = (
    await sql<DocSearchHit>`select d.id, d.name, d.url, d.http_method, d.type as doc_type, d.deprecated,
      d.module_id, m.name as module_name, p.id as project_id, p.name as project_name
      from docs d join modules m on m.id = d.module_id join projects p on p.id = m.project_id
      where d.id in (${sql.join(found.map((id) => sql`${id}`))}) and ${DOC_LIVE}`.execute(db)
  ).rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return found.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, docType: Number(row.docType) }] : [];
  });
}

/** The best-ranked docs matching `q` within the scope. */
export async function searchDocs(db: Db, q: string, scope: SearchScope): Promise<DocSearchHit[]> {
  const plan = planSearch(q);
  if (plan.words.length === 0 || scope.projectIds?.length === 0) return [];
  const kind = await searchIndexKind(db);
  const steps =
    kind === 'fts5'
      ? sqliteSteps(db, plan, scope)
      : kind === 'fulltext'
        ? mysqlSteps(db, plan, scope, await fullTextTokenSizes(db))
        : postgresSteps(db, kind, plan, scope);
  return hitsOf(db, await runSteps(steps, scope.limit));
}
