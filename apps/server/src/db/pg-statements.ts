import type pg from 'pg';

/*
 * Named (prepared) statements for the PostgreSQL pool.
 *
 * Kysely hands node-postgres a text and its parameters, which node-postgres sends as an unnamed statement:
 * PostgreSQL parses and plans it again at every call. Under load (`npm run bench -- load`, two instances) the
 * database's processes used about as much CPU as both servers together for queries that read a row or two by
 * key, most of it parsing and planning. A name lets each connection parse a text once.
 *
 * Plans are still made at every call (PLAN_EVERY_CALL, sent first on each connection; texts go unnamed until it
 * answered, and on a server that refuses it): left to itself PostgreSQL switches a statement to a
 * generic plan after five calls when that plan costs no more than the custom ones, and keeps it. A generic plan
 * made while a table was small (a new install, a test's fresh schema) then walked the grown table with the
 * wrong index: a doc query took about 2 s per call in a CI rehearsal. A custom plan sees the parameters and
 * the current statistics every time.
 *
 * Bounds: only texts with parameters (a text without goes by the simple protocol, as BEGIN and COMMIT do), at
 * most MAX_PARAMETERS of them (a many-row INSERT is rarely repeated word for word), and the first MAX_NAMES
 * texts of the process; the rest go unnamed as before.
 *
 * A prepared `select *` fails once the table's columns change ("cached plan must not change result type"), so
 * any DDL this process sends (its migrations, a test's migrations down and up) starts a new generation of
 * names, and so does that error itself (another process migrated): the next call prepares the text afresh.
 */

/**
 * Makes every execution of a named statement plan with its own parameters. A statement rather than a
 * connection option, which the URL's own `options` parameter would replace (node-postgres lets the URL win).
 */
const PLAN_EVERY_CALL = 'SET plan_cache_mode = force_custom_plan';

const MAX_NAMES = 400;
const MAX_PARAMETERS = 32;

let generation = 0;
const names = new Map<string, string>();

function newGeneration(): void {
  generation++;
  names.clear();
}

/** The statement name for a text with `count` parameters, or undefined to send it unnamed. */
function nameOf(text: string, count: number): string | undefined {
  if (count === 0 || count > MAX_PARAMETERS) return undefined;
  let name = names.get(text);
  if (name) return name;
  if (names.size >= MAX_NAMES) return undefined;
  name = `q${generation}_${names.size}`;
  names.set(text, name);
  return name;
}

const DDL = /^\s*(create|alter|drop|comment|truncate)\b/i;
const patched = new WeakSet<pg.PoolClient>();

type Query = (...args: unknown[]) => unknown;

/** Makes each new connection of `pool` send its repeated texts as named statements. */
export function nameStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as Query;
    let planned = false;
    // The first statement of the connection (a client sends its queries in order).
    (query(PLAN_EVERY_CALL) as Promise<unknown>).then(
      () => {
        planned = true;
      },
      () => {},
    );
    (client as unknown as { query: Query }).query = (
      config: unknown,
      values?: unknown,
      callback?: unknown,
    ) => {
      if (!planned || typeof config !== 'string') return query(config, values, callback);
      if (DDL.test(config)) newGeneration();
      const name = Array.isArray(values) ? nameOf(config, values.length) : undefined;
      if (!name) return query(config, values, callback);
      const sent = query({ name, text: config, values }, callback);
      if (sent instanceof Promise)
        sent.catch((error: { code?: string }) => {
          if (error?.code === '0A000') newGeneration();
        });
      return sent;
    };
  });
}
