import { type Kysely, sql } from 'kysely';
import { isMysql } from './mysql-ddl.ts';

/**
 * A word index beside the trigram one of `create-doc-search`, for words of one or two characters (`id`, `v2`,
 * `订单`), which trigrams cannot hold and which were matched by reading the search text of every doc.
 *
 * `docs.search_words` holds three lines, the words of the name, of the URL and of the search text: lower-cased,
 * anything but letters and digits turned into spaces, and each Chinese, Japanese or Korean character standing
 * alone (api-model `searchWordsOf`; the write path fills it). A short query word is then a word prefix
 * (`id` finds `id` and `idcard`) or, in CJK text, a phrase of single characters (`订单` in `查询订单列表`).
 * - SQLite: an FTS5 table with the unicode61 tokenizer and prefix indexes of one and two characters, one
 *   column per line, kept in step by triggers like `docs_fts`; its first, unindexed columns are what a search
 *   filters and ranks on without reading the docs table. Not contentless: a contentless table that keeps its
 *   unindexed columns (`contentless_unindexed`) leaves a shadow table behind when dropped (SQLite 3.53),
 *   which a defensive connection may not drop, so the migration could not be undone and run again.
 * - PostgreSQL: a stored tsvector of the three lines, weighted A (name), B (URL) and D, under a GIN index;
 *   a prefix query restricted to weights finds name or URL matches.
 * - MySQL: a FULLTEXT index on `search_words`, built without the stopword list (`a`, `the`, `to` are words a
 *   search box must find). It holds words of three characters or more (`innodb_ft_min_token_size`), so the
 *   search asks it for those and checks each phrase and line exactly with LIKE on the rows it returns.
 *
 * A migration never imports application code: the word form below is this migration's own copy, frozen as it
 * was when the back-fill was written; later rows get it from the write path.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
function wordsOf(text: string): string {
  const words: string[] = [];
  for (const token of text.replace(UNSPACED, ' $& ').split(NOT_WORD)) {
    if (!token) continue;
    words.push(token.toLowerCase());
    const parts = token.split(CAMEL_BOUNDARY);
    if (parts.length > 1) for (const part of parts) words.push(part.toLowerCase());
  }
  return words.join(' ');
}

/**
 * Fills `search_words` of every existing row, a thousand rows at a time in id order. The stored search text is
 * already lower-cased, so camelCase parameter names of these rows are split only when the doc is next saved;
 * names and URLs keep their case and are split now.
 */
async function backFill(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const rows =
      // One-word aliases: the app's CamelCasePlugin would rename `search_text` in the answer.
      (
        await sql<{ id: string; name: string; url: string; text: string }>`select id, name, url,
        search_text as text from docs where id > ${after} order by id limit 1000`.execute(db)
      ).rows;
    for (const row of rows) {
      const words = `${wordsOf(row.name)}\n${wordsOf(row.url)}\n${wordsOf(row.text)}`;
      await sql`update docs set search_words = ${words} where id = ${row.id}`.execute(db);
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

// The three lines of `search_words`, split in SQLite (no split function there).
const line1 = (w: string) => `substr(${w}, 1, instr(${w}, char(10)) - 1)`;
const rest = (w: string) => `substr(${w}, instr(${w}, char(10)) + 1)`;
const line2 = (w: string) => line1(rest(w));
const line3 = (w: string) => rest(rest(w));

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) {
    // An expression default: MySQL 8 takes no literal default on a text column.
    await sql`alter table docs add column search_words longtext not null default ('')`.execute(db);
    await backFill(db);
    // One connection, so the session setting applies to the index built next (the stopword list is read
    // when an index is created).
    await db.connection().execute(async (conn) => {
      await sql`set session innodb_ft_enable_stopword = 0`.execute(conn);
      await sql`create fulltext index docs_search_words on docs (search_words)`.execute(conn);
    });
    return;
  }
  await sql`alter table docs add column search_words text not null default ''`.execute(db);
  await backFill(db);
  if (isPostgres(db)) {
    await sql`alter table docs add column search_tsv tsvector generated always as (
      setweight(to_tsvector('simple', split_part(search_words, E'\n', 1)), 'A') ||
      setweight(to_tsvector('simple', split_part(search_words, E'\n', 2)), 'B') ||
      to_tsvector('simple', split_part(search_words, E'\n', 3))) stored`.execute(db);
    await sql`create index docs_search_words on docs using gin (search_tsv)`.execute(db);
    return;
  }
  // `name` (unindexed) is the name as written, for ranking; `live` as in `docs_fts`.
  await sql`create virtual table docs_words using fts5(doc_id unindexed, module_id unindexed, live unindexed,
    name unindexed, name_words, url_words, body_words, tokenize='unicode61', prefix='1 2')`.execute(db);
  const columns = sql.raw('rowid, doc_id, module_id, live, name, name_words, url_words, body_words');
  const values = (row: string) => {
    const w = `${row}search_words`;
    return sql.raw(`${row}rowid, ${row}id, ${row}module_id,
      case when ${row}deleted_at is null and ${row}is_show = 1 and ${row}is_folder = 0 then 1 else 0 end,
      ${row}name, ${line1(w)}, ${line2(w)}, ${line3(w)}`);
  };
  await sql`create trigger docs_words_insert after insert on docs begin
    insert into docs_words(${columns}) values (${values('new.')});
    end`.execute(db);
  await sql`create trigger docs_words_delete after delete on docs begin
    delete from docs_words where rowid = old.rowid;
    end`.execute(db);
  await sql`create trigger docs_words_update after update of module_id, is_folder, name, is_show, search_words,
    deleted_at on docs begin
    delete from docs_words where rowid = old.rowid;
    insert into docs_words(${columns}) values (${values('new.')});
    end`.execute(db);
  await sql`insert into docs_words(${columns}) select ${values('')} from docs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) {
    await sql`drop index docs_search_words on docs`.execute(db);
  } else if (isPostgres(db)) {
    await sql`drop index if exists docs_search_words`.execute(db);
    await sql`alter table docs drop column search_tsv`.execute(db);
  } else {
    for (const trigger of ['docs_words_insert', 'docs_words_delete', 'docs_words_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists docs_words`.execute(db);
  }
  await sql`alter table docs drop column search_words`.execute(db);
}
