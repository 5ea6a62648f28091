/*
 * The word form of a doc's search text, for the index that answers words of one or two characters (which a
 * trigram index cannot hold). Both sides of a search go through `wordsOf`: the stored text and the query.
 *
 * - Anything but letters, marks and digits becomes a space, so every database tokenizer (SQLite's unicode61,
 *   PostgreSQL's default parser) sees the same plain words; PostgreSQL's parser would otherwise keep
 *   `/api/orders` or `a.b@c.d` whole as one path or e-mail token.
 * - Chinese, Japanese and Korean characters each stand alone: those scripts write words without spaces, so a
 *   two-character word (`订单`) is found inside `查询订单列表` as a phrase of two single-character words.
 */

// Scripts written without spaces between words.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;

/** Lower-cased words of a text, separated by single spaces; CJK characters one by one. */
export function wordsOf(text: string): string {
  return text.toLowerCase().replace(UNSPACED, ' $& ').replace(NOT_WORD, ' ').trim();
}

/**
 * The stored word text of a doc (`docs.search_words`): three lines, the words of the name, of the URL and of
 * the whole search text (api-model `searchTextOf`), so an index can tell a name match from a body match.
 */
export function searchWordsOf(name: string, url: string, searchText: string): string {
  return `${wordsOf(name)}\n${wordsOf(url)}\n${wordsOf(searchText)}`;
}
