import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import type { Db } from '../src/db/database.ts';
import type { Dialect } from '../src/db/dialect.ts';
import { nowIso } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertUser, usernameKeyOf } from '../src/modules/users/users.repository.ts';
import { createTestDatabase, type TestDatabase } from './test-databases.ts';

/** The answer envelope as tests read it. */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}

/** Options of one injected call. */
export interface CallOptions {
  token?: string;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** A Quire app on a fresh database, with helpers to call it as a given user. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  /** The SQLite file (SQLite apps only), for a test that opens it from another process. */
  file?: string;
  /** The database's URL (MySQL apps only), for a test that opens a second pool on it. */
  url?: string;
  get(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  createUser(input: {
    username: string;
    password?: string;
    status?: number;
    isSuperAdmin?: boolean;
    source?: string;
  }): Promise<string>;
  login(username: string, password?: string, ip?: string): Promise<string>;
  close(): Promise<void>;
}

/** The password test users get unless a test says otherwise. */
export const TEST_PASSWORD = 'secret-pass-1';

// argon2 is deliberately slow; hashing the common test password once keeps suites fast.
let sharedHash: Promise<string> | undefined;

function headersOf(options: CallOptions = {}): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return headers;
}

/** Parses an answer's envelope. */
export function envelopeOf<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

/** Builds an app on a new database of the given dialect. */
export async function createTestApp(
  dialect: Dialect,
  envOverrides: Record<string, string> = {},
  onRoute?: BuildAppOptions['onRoute'],
): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase(dialect);
  const env = loadEnv({ QUIRE_WEB_DIST: '/nonexistent-web-dist', ...envOverrides });
  const app = await buildApp({ env, db: database.db, ...(onRoute ? { onRoute } : {}) });
  await app.ready();

  const testApp: TestApp = {
    app,
    db: database.db,
    dialect,
    ...(database.file ? { file: database.file } : {}),
    ...(database.url ? { url: database.url } : {}),
    get: (url, options) =>
      app.inject({
        method: 'GET',
        url,
        headers: headersOf(options),
        remoteAddress: options?.ip ?? '127.0.0.1',
      }),
    post: (url, body, options) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headersOf(options) },
        payload: body === undefined ? '{}' : JSON.stringify(body),
        remoteAddress: options?.ip ?? '127.0.0.1',
      }),
    async createUser({ username, password, status = 1, isSuperAdmin = false, source = 'register' }) {
      const id = newId();
      const now = nowIso();
      sharedHash ??= hashPassword(TEST_PASSWORD);
      const passwordHash = password ? await hashPassword(password) : await sharedHash;
      await insertUser(database.db, {
        id,
        username,
        usernameKey: usernameKeyOf(username),
        nickname: username,
        email: '',
        avatar: '',
        passwordHash,
        status,
        source,
        isSuperAdmin: isSuperAdmin ? 1 : 0,
        lang: null,
        createdAt: now,
        updatedAt: now,
      });
      return id;
    },
    async login(username, password = TEST_PASSWORD, ip = '127.0.0.1') {
      const response = await testApp.post('/api/system/login', { username, password }, { ip });
      const body = envelopeOf<{ token: string }>(response);
      if (body.code !== '0') throw new Error(`login of ${username} failed: ${response.body}`);
      return body.data.token;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
  return testApp;
}
