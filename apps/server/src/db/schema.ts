/**
 * Table types, hand-written and reviewed with each migration. Columns are camelCase here and snake_case in SQL
 * (CamelCasePlugin). Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers, the same on SQLite and
 * PostgreSQL, so no code branches on the dialect to read them.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  systemConfig: SystemConfigTable;
  i18nPacks: I18nPacksTable;
  userMessages: UserMessagesTable;
}

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

export interface LoginAttemptsTable {
  id: string;
  usernameKey: string;
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

export interface UserMessagesTable {
  id: string;
  userId: string;
  message: string;
  type: number;
  sourceId: string;
  isRead: number;
  createdAt: string;
}
