import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { privateName } from '../test-databases.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A Torna database on the MariaDB of TEST_MARIADB_URL, from torna-schema.sql (+ torna-data.sql unless empty). */
export interface TornaFixture {
  url: string;
  /** Runs statements on the Torna database (a test changes Torna between two runs). */
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createTornaFixture(
  options: { data?: boolean; schema?: boolean } = {},
): Promise<TornaFixture> {
  const server = process.env.TEST_MARIADB_URL;
  if (!server) throw new Error('TEST_MARIADB_URL is not set');
  const name = privateName('quire_torna');
  const admin = await mysql.createConnection(server);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const connection = await mysql.createConnection({
    uri: url.toString(),
    multipleStatements: true,
    charset: 'utf8mb4',
  });
  if (options.schema !== false)
    await connection.query(readFileSync(path.join(here, 'torna-schema.sql'), 'utf8'));
  if (options.data !== false && options.schema !== false)
    await connection.query(readFileSync(path.join(here, 'torna-data.sql'), 'utf8'));
  return {
    url: url.toString(),
    exec: async (sql) => {
      await connection.query(sql);
    },
    query: async <T>(sql: string) => {
      const [rows] = await connection.query(sql);
      return rows as T[];
    },
    drop: async () => {
      await connection.end();
      const cleaner = await mysql.createConnection(server);
      await cleaner.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleaner.end();
    },
  };
}
