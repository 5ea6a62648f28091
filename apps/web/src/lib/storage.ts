import { StorageKeys } from '@quire/shared';

/**
 * localStorage access that never throws: private windows and full quotas make storage calls fail, and a
 * failed read must behave like an absent value rather than break the page.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

/** The session token (`torna.token`), or null when logged out. */
export function getToken(): string | null {
  return read(StorageKeys.token) || null;
}

/** Stores the token a login returned. */
export function setToken(token: string): void {
  write(StorageKeys.token, token);
}

/** Forgets the session token. */
export function removeToken(): void {
  write(StorageKeys.token, null);
}

/** True when a token is stored. */
export function hasToken(): boolean {
  return getToken() !== null;
}

/** The language the user picked on this browser (`torna.language`), or null. */
export function getStoredLanguage(): string | null {
  return read(StorageKeys.language) || null;
}

/** Remembers the language picked on this browser. */
export function setStoredLanguage(lang: string): void {
  write(StorageKeys.language, lang);
}

/** Reads a `'true'`/`'false'` flag, with a default for an absent or unreadable value. */
export function readFlag(key: string, fallback: boolean): boolean {
  const value = read(key);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

/** Writes a `'true'`/`'false'` flag, the format Torna used for the same keys. */
export function writeFlag(key: string, value: boolean): void {
  write(key, value ? 'true' : 'false');
}

/** Reads a JSON value stored under `key`; absent, unreadable or malformed values read as null. */
export function readJson(key: string): unknown {
  const value = read(key);
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** Stores a JSON value under `key`. */
export function writeJson(key: string, value: unknown): void {
  write(key, JSON.stringify(value));
}

/** Stores a plain text value, or removes it with null (`torna.spaceid`, `torna.projectid`). */
export function writeText(key: string, value: string | null): void {
  write(key, value);
}
