import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The escape character of every LIKE the app writes. Not a backslash: in a MySQL string literal a backslash is
 * itself an escape, so `escape '\'` would not even parse there; `!` means the same on every dialect.
 */
export const LIKE_ESCAPE = sql.raw(`'!'`);

/** `text` with the LIKE wildcards `%`, `_` and the escape character itself escaped, to match literally. */
export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** `%text%` for LIKE with the wildcards escaped (see `likeEscape`), lower-cased. */
export function containsPattern(text: string): string {
  return `%${likeEscape(text.toLowerCase())}%`;
}

/**
 * Case-insensitive "column contains text", the same on SQLite (LIKE ignores ASCII case), PostgreSQL (LIKE is
 * case-sensitive) and MySQL (binary collation), by lower-casing both sides; the text's own `%` and `_` match
 * literally.
 */
export function columnContains(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape ${LIKE_ESCAPE}`;
}
