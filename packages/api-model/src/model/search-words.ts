/*
 * The word form of a doc's search text, for the index that answers words of one or two characters (which a
 * trigram index cannot hold). Both sides of a search go through `wordsOf`: the stored text and the query.
 *
 * - Anything but letters, marks and digits becomes a space, so every database tokenizer (SQLite's unicode61,
 *   PostgreSQL's default parser) sees the same plain words; PostgreSQL's parser would otherwise keep
 *   `/api/orders` or `a.b@c.d` whole as one path or e-mail token.
 * - Chinese, Japanese and Korean characters each stand alone: those scripts write words without spaces, so a
 *   two-character word (`订单`) is found inside `查询订单列表` as a phrase of two single-character words.
 * - A camelCase word is kept whole and also given as its parts (`ownerId` -> `ownerid owner id`): API names are
 *   written that way, and a reader typing `id` expects `ownerId` among the results.
 */

// Scripts written without spaces between words.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;
// Between a lower-case letter or digit and a capital, and before the last capital of a run followed by lower
// case (`HTTPServer` -> `HTTP`, `Server`).
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Lower-cased words of a text, separated by single spaces; CJK characters one by one; camelCase parts too. */
export function wordsOf(text: string): string {
  const words: string[] = [];
  for (const token of text.replace(UNSPACED, ' $& ').split(NOT_WORD)) {
    if (!token) continue;
    const lower = token.toLowerCase();
    words.push(lower);
    // A boundary needs a capital: a token that lower-casing leaves as it is has none (most tokens of a text).
    if (lower === token) continue;
    const parts = token.split(CAMEL_BOUNDARY);
    if (parts.length > 1) for (const part of parts) words.push(part.toLowerCase());
  }
  return words.join(' ');
}

/**
 * The stored word text of a doc (`docs.search_words`): three lines, the words of the name, of the URL and of
 * the whole search text (api-model `searchSourceOf`, case kept for the camelCase split), so an index can tell a name match from a body match.
 */
export function searchWordsOf(name: string, url: string, searchSource: string): string {
  return `${wordsOf(name)}\n${wordsOf(url)}\n${wordsOf(searchSource)}`;
}
