import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** `%text%` for LIKE with the wildcards `%`, `_` and the escape character itself escaped, lower-cased. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "column contains text", the same on SQLite (LIKE ignores ASCII case) and PostgreSQL
 * (LIKE is case-sensitive), by lower-casing both sides; the text's own `%` and `_` match literally.
 */
export function columnContains(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}
