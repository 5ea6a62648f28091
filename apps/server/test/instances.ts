import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Dialect } from '../src/db/dialect.ts';
import { createMysqlDatabase } from './test-databases.ts';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One Quire server process on a loopback port, started from the TypeScript source through tsx's loader. */
export interface Instance {
  base: string;
  child: ChildProcess;
  /** What the process printed, for a failing test's message. */
  output(): string;
  /** Resolves with the exit code once the process has left. */
  exited: Promise<number | null>;
}

/** A database several instances share: its environment variables and how to throw it away. */
export interface SharedDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * An empty database for real server processes: a folder for an SQLite file, a private schema on the
 * PostgreSQL of TEST_DATABASE_URL (selected through the URL's `options`, as an operator could), or a private
 * database on the MySQL/MariaDB of TEST_MARIADB_URL.
 */
export async function sharedDatabase(dialect: Dialect): Promise<SharedDatabase> {
  if (dialect === 'sqlite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'quire-instances-'));
    return {
      env: { QUIRE_DATA_DIR: folder },
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  if (dialect === 'mysql') {
    const database = await createMysqlDatabase('quire_inst');
    return { env: { DATABASE_URL: database.url }, drop: database.drop };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `quire_inst_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: withSchema.toString() },
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleaner.end();
    },
  };
}

/** Starts an instance and waits until `/api/ready` answers 200. */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  // Node with tsx's loader, not the tsx command: the command relays signals to its child and kills it when
  // the child does not acknowledge within 30 ms, which a loaded machine misses; the test must see the
  // server's own handling of SIGTERM.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: process.env.QUIRE_TEST_LOG_LEVEL ?? 'warn',
      QUIRE_WEB_DIST: '/nonexistent-web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance on ${port} did not become ready: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, child, output: () => output, exited };
}

/** Stops an instance the way an orchestrator does (SIGTERM) and answers its exit code. */
export async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null) return instance.child.exitCode;
  instance.child.kill('SIGTERM');
  return instance.exited;
}
