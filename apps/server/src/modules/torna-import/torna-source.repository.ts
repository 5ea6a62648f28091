import mysql from 'mysql2/promise';

/**
 * Reads a Torna database (MySQL 5.7/8 or MariaDB) for `quire import-torna`. Read-only: one session in a
 * `READ ONLY` transaction with a consistent snapshot, so Torna may keep serving while the import reads and every
 * table is read as of one moment. Rows come as Torna stores them (`select *`: columns an older version lacks are
 * simply absent and the converters use Torna's defaults), big ids and datetimes as strings.
 */

/** A row of a Torna table, by column name. */
export type TornaRow = Record<string, unknown>;

/** What the import reads of a Torna database. */
export interface TornaSnapshot {
  /**
   * Full `doc_info` rows of these ids, and the `doc_param` rows of those docs (soft-deleted ones included, by
   * doc id, in id order), read in the same consistent snapshot as every other table (the read transaction stays
   * open until `close`).
   */
  readDocs(ids: string[]): Promise<{ rows: Map<string, TornaRow>; params: Map<string, TornaRow[]> }>;
  /** Ends the read transaction and the session (idempotent). */
  close(): Promise<void>;
  /** Soft-deleted rows of the tables read per doc (`doc_param`), counted up front. */
  softDeleted: Map<string, number>;
  /** `torna.version` of system_config (e.g. 13100), or null when the row is missing (Torna before 1.x upgrades). */
  version: number | null;
  /** system_config rows by key (live rows only). */
  config: Map<string, string>;
  /**
   * Every table the import knows, with its rows; a table the database lacks is an empty list and in `missing`.
   * `doc_info` holds its light columns only (`LIGHT_COLUMNS`) and `doc_param` nothing: see `readDocs`.
   */
  tables: Map<string, TornaRow[]>;
  /** Tables of Torna 1.31 this database does not have (an older or partly upgraded schema). */
  missing: string[];
  /** Row counts of every table read (the report's "in Torna" column). */
  counts: Map<string, number>;
}

/**
 * A problem reaching or reading the database, with a message fit for the command line (no password), and the
 * same as an i18n key (errors namespace, `torna.*`) with its arguments, for the web (torna-import.job.ts).
 */
export class TornaSourceError extends Error {
  constructor(
    message: string,
    readonly key = 'torna.failed',
    readonly args: string[] = [message],
  ) {
    super(message);
  }
}

/** The tables of Torna 1.31 (torna-server research notes, section 2). */
export const TORNA_TABLES = [
  'user_info',
  'space',
  'space_user',
  'project',
  'project_user',
  'module',
  'open_user',
  'user_dingtalk_info',
  'user_wecom_info',
  'system_login_token',
  'doc_info',
  'doc_param',
  'prop',
  'push_ignore_field',
  'enum_info',
  'enum_item',
  'constant_info',
  'module_environment',
  'module_environment_param',
  'module_config',
  'module_swagger_config',
  'doc_snapshot',
  'doc_diff_record',
  'doc_diff_detail',
  'user_subscribe',
  'user_message',
  'project_release',
  'project_release_doc',
  'share_config',
  'share_content',
  'share_environment',
  'compose_project',
  'compose_doc',
  'compose_common_param',
  'compose_additional_page',
  'mock_config',
  'debug_script',
  'gen_template',
  'gen_template2',
  'system_config',
  'system_i18n_config',
  'ms_space_config',
  'ms_module_config',
] as const;

/** Tables without which a database is not Torna's. */
const REQUIRED = ['system_config', 'user_info', 'space', 'project', 'module', 'doc_info', 'doc_param'];

/** Tables the import does not read row by row (only counted in the report). */
const COUNTED_ONLY = new Set(['system_login_token', 'doc_diff_detail', 'module_swagger_config']);

/**
 * Tables read without their large columns: a snapshot's content (the JSON of a whole doc, up to 5 per doc) is
 * read by the history step in batches (torna-snapshot-source.ts), not all at once.
 */
const LIGHT_SELECT: Record<string, string> = {
  doc_snapshot:
    'select id, doc_id, md5, modifier_name, modifier_time, gmt_create from doc_snapshot order by id',
};

/**
 * Tables read up front with only the columns that place a row (the whole tree of docs is needed to write
 * folders before their docs); full rows come with `readDocs`, batch by batch. Of these, the columns the
 * database has are read (an older schema may lack one).
 */
const LIGHT_COLUMNS: Record<string, string[]> = {
  doc_info: ['id', 'name', 'parent_id', 'module_id', 'is_folder', 'is_deleted'],
};

/**
 * Tables read per batch of docs (`readDocs`, by `doc_id`), never whole: 50,000 docs have 600,000 params
 * (bench/torna-import.bench.ts). Up front they are only counted.
 */
const PER_DOC = new Set(['doc_param']);

/** `mysql://user:***@host:3306/db` */
export function maskedUrl(url: string): string {
  return url.replace(/(\/\/[^\s/:@]*:)[^\s@]*@/, '$1***@');
}

function describeConnectError(error: unknown, url: string): TornaSourceError {
  const e = error as { code?: string; message?: string };
  const where = maskedUrl(url);
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return new TornaSourceError(
        `cannot reach the Torna database at ${where} (${e.code})`,
        'torna.unreachable',
        [where, e.code],
      );
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return new TornaSourceError(
        `the Torna database at ${where} refused the user name or password`,
        'torna.access_denied',
        [where],
      );
    case 'ER_BAD_DB_ERROR':
      return new TornaSourceError(`the database named in ${where} does not exist`, 'torna.unknown_database', [
        where,
      ]);
    default:
      return new TornaSourceError(
        `cannot open the Torna database at ${where}: ${maskedUrl(e.message ?? '')}`,
        'torna.cannot_open',
        [where, maskedUrl(e.message ?? '')],
      );
  }
}

/**
 * Opens the Torna database named by a `mysql://` (or `mariadb://`) URL and reads it, all but its per-doc rows,
 * which the docs step reads batch by batch (`readDocs`) in the same consistent snapshot. The caller `close`s it
 * once the import is done (torna-import.service.ts), which ends Torna's read transaction.
 */
export async function readTornaDatabase(rawUrl: string): Promise<TornaSnapshot> {
  if (!/^(mysql|mariadb):\/\//i.test(rawUrl))
    throw new TornaSourceError(
      '--from must be a mysql:// URL: mysql://user:password@host:3306/torna',
      'torna.bad_url',
      [],
    );
  const url = rawUrl.replace(/^mariadb:/i, 'mysql:');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TornaSourceError(
      'the database URL cannot be read: mysql://user:password@host:3306/torna',
      'torna.bad_url',
      [],
    );
  }
  if (!parsed.pathname.replace(/^\//, ''))
    throw new TornaSourceError(
      `name the database in the URL: ${maskedUrl(url)} has none (…:3306/torna)`,
      'torna.no_database_name',
      [maskedUrl(url)],
    );
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      uri: url,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      charset: 'utf8mb4',
      connectTimeout: 10_000,
    });
  } catch (error) {
    throw describeConnectError(error, url);
  }
  // The session stays open for the whole import: a server that drops it meanwhile fails the next read (and so
  // the import) instead of raising an unhandled 'error' event.
  connection.on('error', () => undefined);
  try {
    const [present] = await connection.query<mysql.RowDataPacket[]>(
      'select table_name as name from information_schema.tables where table_schema = database()',
    );
    const names = new Set(present.map((row) => String(row.name ?? row.NAME ?? row.TABLE_NAME).toLowerCase()));
    const lacking = REQUIRED.filter((table) => !names.has(table));
    if (lacking.length > 0)
      throw new TornaSourceError(
        `${maskedUrl(url)} is not a Torna database: it has no ${lacking.join(', ')} table${lacking.length > 1 ? 's' : ''}`,
        'torna.not_torna',
        [maskedUrl(url), lacking.join(', ')],
      );
    await connection.query('start transaction with consistent snapshot, read only');
    const tables = new Map<string, TornaRow[]>();
    const counts = new Map<string, number>();
    const softDeleted = new Map<string, number>();
    for (const table of TORNA_TABLES) {
      tables.set(table, []);
      if (!names.has(table)) continue;
      if (COUNTED_ONLY.has(table) || PER_DOC.has(table)) {
        const [rows] = await connection.query<mysql.RowDataPacket[]>(
          PER_DOC.has(table)
            ? `select count(*) as n, coalesce(sum(is_deleted = 1), 0) as d from \`${table}\``
            : `select count(*) as n from \`${table}\``,
        );
        counts.set(table, Number(rows[0]?.n ?? 0));
        if (PER_DOC.has(table)) softDeleted.set(table, Number(rows[0]?.d ?? 0));
        continue;
      }
      const light = LIGHT_COLUMNS[table];
      let select = LIGHT_SELECT[table] ?? `select * from \`${table}\` order by id`;
      if (light) {
        const [columns] = await connection.query<mysql.RowDataPacket[]>(
          'select column_name as name from information_schema.columns where table_schema = database() and table_name = ?',
          [table],
        );
        const have = new Set(
          columns.map((row) => String(row.name ?? row.NAME ?? row.COLUMN_NAME).toLowerCase()),
        );
        const list = light.filter((column) => have.has(column));
        select = `select ${list.map((column) => `\`${column}\``).join(', ')} from \`${table}\` order by id`;
      }
      const [rows] = await connection.query<mysql.RowDataPacket[]>(select);
      tables.set(table, rows as TornaRow[]);
      counts.set(table, rows.length);
    }
    const config = new Map<string, string>();
    for (const row of tables.get('system_config') ?? []) {
      if (Number(row.is_deleted ?? 0) === 1) continue;
      config.set(String(row.config_key), String(row.config_value ?? ''));
    }
    const rawVersion = config.get('torna.version');
    const version = rawVersion && /^\d+$/.test(rawVersion) ? Number(rawVersion) : null;
    const session = connection;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await session.query('commit').catch(() => undefined);
      await session.end().catch(() => undefined);
    };
    const hasParams = names.has('doc_param');
    const readDocs = async (ids: string[]) => {
      const rows = new Map<string, TornaRow>();
      const params = new Map<string, TornaRow[]>();
      if (ids.length === 0) return { rows, params };
      if (closed)
        throw new TornaSourceError(
          'reading the Torna database failed: its session is closed',
          'torna.read_failed',
          ['closed'],
        );
      try {
        const [docs] = await session.query<mysql.RowDataPacket[]>('select * from doc_info where id in (?)', [
          ids,
        ]);
        for (const row of docs) rows.set(String(row.id), row as TornaRow);
        if (hasParams) {
          const [found] = await session.query<mysql.RowDataPacket[]>(
            'select * from doc_param where doc_id in (?) order by id',
            [ids],
          );
          for (const row of found) {
            const key = String(row.doc_id);
            const list = params.get(key);
            if (list) list.push(row as TornaRow);
            else params.set(key, [row as TornaRow]);
          }
        }
      } catch (error) {
        throw new TornaSourceError(
          `reading the Torna database failed: ${maskedUrl((error as Error).message)}`,
          'torna.read_failed',
          [maskedUrl((error as Error).message)],
        );
      }
      return { rows, params };
    };
    return {
      version,
      config,
      tables,
      counts,
      softDeleted,
      missing: TORNA_TABLES.filter((t) => !names.has(t)),
      readDocs,
      close,
    };
  } catch (error) {
    await connection.end().catch(() => undefined);
    if (error instanceof TornaSourceError) throw error;
    throw new TornaSourceError(
      `reading the Torna database failed: ${maskedUrl((error as Error).message)}`,
      'torna.read_failed',
      [maskedUrl((error as Error).message)],
    );
  }
}
