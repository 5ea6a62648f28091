import type { Generated } from 'kysely';

/**
 * Table types of accounts, sign-in and server-wide settings: users, sessions, throttling, identities, keys
 * and language packs. Rules for all tables: ./schema.ts.
 */

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key, so `Alice` and `alice` cannot both register. */
  usernameKey: string;
  nickname: string;
  email: string;
  avatar: string;
  passwordHash: string;
  /** 1 enabled, 0 disabled, 2 must set a password. */
  status: number;
  /** 1 while the account must choose its own password (status 2), kept through a disable/enable. */
  mustSetPassword: Generated<number>;
  source: string;
  isSuperAdmin: number;
  lang: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  id: string;
  userId: string;
  /** sha256 of the token's secret part; the secret itself is never stored. */
  secretHash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  ip: string;
  userAgent: string;
}

/** A personal access token (migration 2026-11-28T0300): a user's own credential for scripts and MCP clients. */
export interface PersonalTokensTable {
  id: string;
  userId: string;
  name: string;
  /** sha256 of the whole token; the token itself is never stored. */
  tokenHash: string;
  /** The token's first characters, shown so its owner recognises it. */
  prefix: string;
  /** 1: every write call is refused. */
  readOnly: number;
  /** JSON array of project ids the token is limited to, or null for every project of its owner. */
  projectIds: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** One attempt counted by a throttle (`modules/throttle/`): a failed secret, or a registration. */
export interface ThrottleEventsTable {
  id: string;
  /** `login`, `share`, `compose` or `register`. */
  kind: string;
  /** What was tried: an account's key, `share:<id>`, `compose:<id>`; '' when the kind has no target. */
  target: string;
  ip: string;
  createdAt: string;
}

export interface SystemConfigTable {
  key: string;
  value: string;
  updatedAt: string;
}

export interface I18nPacksTable {
  id: string;
  lang: string;
  description: string;
  /** JSON object of UI strings, merged over the built-in pack of the same language. */
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** An external identity linked to a local account: LDAP (issuer '', subject the directory user name) or OIDC. */
export interface UserIdentitiesTable {
  id: string;
  userId: string;
  /** 'ldap' or 'oidc'. */
  provider: string;
  issuer: string;
  subject: string;
  createdAt: string;
  lastLoginAt: string;
}

/** An OpenID Connect login in flight, found by the sha256 of its state; deleted when the callback uses it. */
export interface OidcStatesTable {
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  /** Where the browser goes after login (a checked local path). */
  redirect: string;
  expiresAt: string;
}

/** A single-use key of `/successLogin`, found by its sha256. */
export interface LoginKeysTable {
  keyHash: string;
  userId: string;
  expiresAt: string;
}

/** Keys the server generated for itself (the secret box key when QUIRE_SECRET_KEY is not set). */
export interface ServerKeysTable {
  name: string;
  value: string;
  createdAt: string;
}

/** One Torna row brought by `quire import-torna` and the Quire row it became (migration 2026-11-28T0400). */
export interface TornaIdMapTable {
  /** user | space | project | module | doc | enum | environment | share | compose | mock | ... */
  kind: string;
  tornaId: string;
  quireId: string;
  /** sha256 of what the import read of the Torna row: a later run updates only rows whose fingerprint moved. */
  fingerprint: string;
  /** The Quire row's revision (docs) or update time when the import wrote it: a different one means edited in Quire. */
  stamp: string;
  importedAt: string;
}
