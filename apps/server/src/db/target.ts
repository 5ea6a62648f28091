import path from 'node:path';
import { type Env, sqlitePath } from '../config/env.ts';
import type { DatabaseTarget } from './database.ts';

/** The database the environment names: DATABASE_URL, else the SQLite file in QUIRE_DATA_DIR. */
export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL ? targetOfUrl(env.DATABASE_URL) : { kind: 'sqlite', file: sqlitePath(env) };
}

/**
 * A database named on the command line: `postgres://` / `postgresql://` URLs, `mysql://` / `mariadb://` URLs
 * (MySQL 8, MariaDB 10.6+), or `sqlite:<file>` (a path, relative to the working folder, or
 * `sqlite:///absolute/path.db`). Throws a readable error otherwise.
 */
export function targetOfUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  // mysql2 reads only `mysql://`; `mariadb://` is the same server protocol.
  if (/^(mysql|mariadb):\/\//i.test(url)) return { kind: 'mysql', url: url.replace(/^mariadb:/i, 'mysql:') };
  const sqlite = /^sqlite:(?:\/\/)?(.+)$/i.exec(url);
  if (sqlite?.[1]) return { kind: 'sqlite', file: path.resolve(sqlite[1]) };
  // The URL may hold a password: the message names its scheme only.
  const scheme = /^([a-z][a-z0-9+.-]{0,20}):/i.exec(url)?.[1];
  throw new Error(
    `unsupported database URL${scheme ? ` (scheme "${scheme}:")` : ''}: use postgres://user:pass@host:5432/db, mysql://user:pass@host:3306/db or sqlite:<file>`,
  );
}

/** How a target reads in messages, without its password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `SQLite ${target.file}`;
  const url = new URL(target.url);
  if (url.password) url.password = '***';
  return `${target.kind === 'mysql' ? 'MySQL' : 'PostgreSQL'} ${url.toString()}`;
}
