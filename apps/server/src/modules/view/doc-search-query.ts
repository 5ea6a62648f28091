import { wordsOf } from '@quire/api-model';

/**
 * How a search box query becomes index queries (no database here). A query is whitespace-separated terms, all
 * required. Each term is looked up as words in the word index (migration `doc-search-words`): its words in
 * sequence, the last one a prefix (`id` finds `idcard`; `/api/ord` finds `/api/orders`; `订单` finds the two
 * characters in a row). Terms of three characters or more also match as plain substrings through the trigram
 * index (`rder` in `order`), after the word matches.
 */
export interface SearchPlan {
  /** Lower-cased terms as typed. */
  terms: string[];
  /** The words of each term that has any (a term of punctuation alone has none and narrows nothing). */
  words: string[][];
  /** Terms of three characters or more, for the trigram index. */
  long: string[];
  /** Shorter terms, which the trigram step checks in the search text of its few matches. */
  short: string[];
  /** The whole query, lower-cased, for the exact-name rank. */
  whole: string;
}

/** The query's terms: lower-cased words, duplicates dropped, at most 8 (more narrows nothing useful). */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

/** Splits a query into what each index needs; `words` is empty when no term holds a letter or digit. */
export function planSearch(q: string): SearchPlan {
  const terms = searchTerms(q);
  return {
    terms,
    words: terms.map((t) => wordsOf(t).split(' ').filter(Boolean)).filter((w) => w.length > 0),
    // Three code points, not UTF-16 units: trigrams count characters.
    long: terms.filter((t) => [...t].length >= 3),
    short: terms.filter((t) => [...t].length < 3),
    whole: q.trim().toLowerCase(),
  };
}

/**
 * GLOB pattern (trigram table, SQLite) matching text that contains `term` as it is: `*`, `?` and `[` become
 * one-character classes. The trigram index narrows by the term's trigrams (a class breaks a run, so `a*b`
 * narrows by none and is checked row by row); GLOB then checks the text itself, case-sensitively, which is
 * right because both the search text and the terms are lower-cased.
 */
export function globContains(term: string): string {
  return `*${term.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/** FTS5 phrase (word table) of one term's words, the last a prefix. Words hold no quote, but stay safe. */
export function wordPhrase(words: ReadonlyArray<string>): string {
  return `"${words.join(' ').replaceAll('"', '""')}" *`;
}

/**
 * FTS5 query of the word table: every term, within the given columns (all when none). Column names are
 * the table's own: `name_words`, `url_words`, `body_words`.
 */
export function wordMatch(words: ReadonlyArray<ReadonlyArray<string>>, columns?: string): string {
  const all = words.map(wordPhrase).join(' AND ');
  return columns ? `{${columns}} : (${all})` : all;
}

/**
 * PostgreSQL tsquery of one term's words for the weighted `search_tsv` (A name, B URL, D the rest):
 * a phrase, the last word a prefix, each restricted to `weights` when given.
 */
export function tsPhrase(words: ReadonlyArray<string>, weights = ''): string {
  const last = words.length - 1;
  return words
    .map((w, i) => {
      const flags = `${i === last ? '*' : ''}${weights}`;
      return `'${w.replaceAll("'", "''")}'${flags ? `:${flags}` : ''}`;
    })
    .join(' <-> ');
}

/** Every term's phrase, all required. */
export function tsAll(words: ReadonlyArray<ReadonlyArray<string>>, weights = ''): string {
  return words.map((w) => `(${tsPhrase(w, weights)})`).join(' & ');
}

/** PostgreSQL full-text query of the fallback index (no pg_trgm): every word of every term as a prefix. */
export function tsQuery(terms: ReadonlyArray<string>): string {
  const words = terms.flatMap((t) => t.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return words.map((w) => `${w}:*`).join(' & ');
}
