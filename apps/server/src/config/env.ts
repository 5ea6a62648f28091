import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  /** Port the one process listens on (web app, web API, open API, mock server). */
  PORT: z.coerce.number().int().min(0).max(65535).default(7700),
  /** Interface to bind; 0.0.0.0 so teammates can reach a shared install. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded SQLite database and uploads, created when missing. */
  QUIRE_DATA_DIR: z.string().default('./data'),
  /** PostgreSQL or MySQL/MariaDB connection string; when set, SQLite is not used. */
  DATABASE_URL: z
    .string()
    .regex(
      /^(postgres(ql)?|mysql|mariadb):\/\//,
      'DATABASE_URL must start with postgres://, postgresql://, mysql:// or mariadb://',
    )
    .optional(),
  /** Password of the first super admin `admin`; without it a random one is printed once and must be changed. */
  QUIRE_ADMIN_PASSWORD: z.string().min(6, 'QUIRE_ADMIN_PASSWORD must be at least 6 characters').optional(),
  /** Days a login token stays valid. */
  QUIRE_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Largest JSON body the web API accepts, in bytes. */
  QUIRE_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  /**
   * Largest body of the calls that carry a whole doc or page (doc save, constants pages, environment
   * globals), in bytes: a 2 MB description plus 10,000 param rows fit. Fields have their own limits inside.
   */
  QUIRE_DOC_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * Largest body of the open API (`POST /api`, Torna's push), in bytes: a push of a few thousand docs.
   * Larger pushes answer code 2 with the limit and HTTP 413; clients split them (smart-doc's apiUploadNums).
   */
  QUIRE_PUSH_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Folder of the built web app; defaults to apps/web/dist next to the server. */
  QUIRE_WEB_DIST: z.string().optional(),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which reverse proxies to believe about the client's address (`X-Forwarded-For`), so throttles see real
   * addresses: `false` (none), a number of hops (`1`: the address the nearest proxy added; `true` means 1), or
   * the proxies' addresses or CIDR ranges, comma-separated. Never the left-most entry, which the client
   * writes itself: a forged header per request would walk past every per-address throttle.
   */
  QUIRE_TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      if (v === '' || v === 'false') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'QUIRE_TRUST_PROXY: false, a number of hops, or proxy addresses',
      });
      return z.NEVER;
    }),
  /** Registrations one address may make in an hour (modules/throttle/throttle-rule.ts). */
  QUIRE_REGISTER_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Outbound fetches (swagger URL import, debug proxy) may reach private, loopback or link-local addresses only when
   * listed here, comma-separated: IPs or CIDR ranges (`10.1.0.0/16,127.0.0.1`) or host names
   * (`swagger.intranet`). Cloud metadata addresses stay refused. See lib/address-policy.ts.
   */
  QUIRE_FETCH_ALLOW_HOSTS: z.string().default(''),
  /** Deadline of one outbound fetch (an import's URL, a debug proxy call), redirects included, in milliseconds. */
  QUIRE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Key that encrypts stored credentials (swagger basic-auth passwords); any string. Without it a random key
   * is kept in the database (see lib/secret-box.ts).
   */
  QUIRE_SECRET_KEY: z.string().min(16, 'QUIRE_SECRET_KEY must be at least 16 characters').optional(),
  /**
   * Origin mock URLs are served at (`https://mock.example.com`), so mocks never share Quire's origin; when set,
   * `/mock/**` answers only requests for that host. Unset: mocks answer here, sandboxed by their headers.
   */
  QUIRE_MOCK_ORIGIN: z
    .string()
    .trim()
    .default('')
    .refine((origin) => origin === '' || /^https?:\/\/[^\s/]+\/?$/.test(origin), {
      message: 'QUIRE_MOCK_ORIGIN must be an origin such as https://mock.example.com',
    })
    .transform((origin) => origin.replace(/\/$/, '') || undefined),
  /** Run background jobs (imports, scheduled re-imports) in this process; 'false' for web-only instances. */
  QUIRE_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Serve Prometheus metrics at `GET /metrics` (requests and latencies per route, jobs, pool use). */
  QUIRE_METRICS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * On SIGTERM, how long in milliseconds a running background job may still finish before it is handed back
   * to the queue for another instance; requests in flight are always awaited.
   */
  QUIRE_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Public base URL of this Quire (`https://quire.example.com`): the OpenID Connect redirect URI, the landing
   * page after a third-party login and the doc links of webhook messages. Without it sign-in uses the
   * request's own host and webhook links point at http://localhost:<PORT>.
   */
  QUIRE_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'QUIRE_PUBLIC_URL must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  // Directory sign-in, for installs configured as code: each variable set wins over the admin setting of
  // the same name, which the admin screen then shows read-only (modules/signin/signin-settings.service.ts).
  /** LDAP server, `ldap://host:389` or `ldaps://host:636`; setting it turns LDAP sign-in on. */
  QUIRE_LDAP_URL: z.string().optional(),
  /** DN Quire binds as to search users; empty for an anonymous search. */
  QUIRE_LDAP_BIND_DN: z.string().optional(),
  /** Password of the bind DN. */
  QUIRE_LDAP_BIND_PASSWORD: z.string().optional(),
  /** Where users are searched, `ou=people,dc=example,dc=com`. */
  QUIRE_LDAP_BASE_DN: z.string().optional(),
  /** User search filter; `%s` is the escaped login name. Default of the setting: `(uid=%s)`. */
  QUIRE_LDAP_FILTER: z.string().optional(),
  /** Directory group (DN or cn) whose members are super admins. */
  QUIRE_LDAP_ADMIN_GROUP: z.string().optional(),
  /** OpenID Connect issuer URL; setting it (with the client id) turns OIDC sign-in on. */
  QUIRE_OIDC_ISSUER: z.string().optional(),
  QUIRE_OIDC_CLIENT_ID: z.string().optional(),
  QUIRE_OIDC_CLIENT_SECRET: z.string().optional(),
  /** Scopes asked for, space-separated; default `openid profile email`. */
  QUIRE_OIDC_SCOPES: z.string().optional(),
  /** Text of the login page's button. */
  QUIRE_OIDC_BUTTON_TEXT: z.string().optional(),
  /** Worker threads for heavy job work (parse, convert); default: CPU count minus one, at least one. */
  QUIRE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Heap limit of each worker thread, in MB: a description needing more fails with a clear message. */
  QUIRE_WORKER_HEAP_MB: z.coerce.number().int().min(16).max(16_384).default(1024),
  /** Time limit of one piece of worker work (parse + convert of one description), in seconds. */
  QUIRE_WORKER_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * An export of more param rows than this (or of more docs than a tenth of it) runs as a job in the worker
   * pool, followed by a download; a smaller one is answered at once.
   */
  QUIRE_EXPORT_INLINE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
});

/** The validated process environment. */
export type Env = z.infer<typeof EnvSchema>;

/** Reads and validates the environment; throws a readable error naming each bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Absolute path of the SQLite file inside the data folder. */
export function sqlitePath(env: Env): string {
  return path.resolve(env.QUIRE_DATA_DIR, 'quire.db');
}
