import { Client, InvalidCredentialsError, NoSuchObjectError, ResultCodeError } from 'ldapts';
import { AppError } from '../../http/app-error.ts';
import type { LdapConfig } from './signin-settings.service.ts';

/** A directory user as a login or a connection test found them. */
export interface DirectoryUser {
  dn: string;
  username: string;
  nickname: string;
  email: string;
  /** DNs and cns of the groups the group filter found, lower-cased. */
  groups: string[];
}

/** How long one directory exchange may take: a slow directory must not hold a login for ever. */
const CONNECT_TIMEOUT_MS = 5_000;
const OPERATION_TIMEOUT_MS = 10_000;

/**
 * Escapes a value for an LDAP filter (RFC 4515), so a login name such as `*)(uid=*` matches itself only
 * instead of widening the search.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Fills every `%s` of a filter with an escaped value. */
export function fillFilter(filter: string, value: string): string {
  return filter.split('%s').join(escapeFilterValue(value));
}

function firstText(value: unknown): string {
  const one = Array.isArray(value) ? value[0] : value;
  if (typeof one === 'string') return one;
  if (Buffer.isBuffer(one)) return one.toString('utf8');
  return '';
}

/** Reads an attribute case-insensitively (directories answer `cn`, `CN` or `commonName`). */
function attributeOf(entry: Record<string, unknown>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(entry)) if (key.toLowerCase() === wanted) return firstText(value);
  return '';
}

/** The first RDN's value of a DN: `cn=admins,ou=groups,...` -> `admins`. */
function firstRdnValue(dn: string): string {
  const match = /^[^=]+=((?:\\.|[^,\\])*)/.exec(dn);
  return (match?.[1] ?? '').replace(/\\(.)/g, '$1');
}

type Step = 'connect' | 'starttls' | 'bind' | 'base' | 'user' | 'groups';

/** A failed step of a directory exchange, with the directory's own words. */
export class LdapStepError extends Error {
  constructor(
    readonly step: Step,
    readonly detail: string,
  ) {
    super(`${step}: ${detail}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof ResultCodeError)
    return `${error.name} (${error.code})${error.message ? `: ${error.message}` : ''}`;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Opens a connection (StartTLS when asked) and binds as the search account; the caller must unbind. */
async function openBound(config: LdapConfig, passed: Step[]): Promise<Client> {
  const client = new Client({
    url: config.url,
    connectTimeout: CONNECT_TIMEOUT_MS,
    timeout: OPERATION_TIMEOUT_MS,
  });
  try {
    if (config.startTls) {
      try {
        await client.startTLS({ servername: new URL(config.url).hostname });
      } catch (error) {
        // StartTLS is the first exchange, so an unreachable server fails here too.
        throw new LdapStepError(error instanceof ResultCodeError ? 'starttls' : 'connect', describe(error));
      }
      passed.push('connect', 'starttls');
    }
    try {
      // An empty bind DN is an anonymous search; ldapts binds anonymously with an empty DN and password.
      await client.bind(config.bindDn, config.bindPassword);
    } catch (error) {
      throw new LdapStepError(error instanceof ResultCodeError ? 'bind' : 'connect', describe(error));
    }
    if (!config.startTls) passed.push('connect');
    passed.push('bind');
    return client;
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
}

/** Finds the one entry the user filter matches; more than one is treated as none (an ambiguous filter). */
async function findUser(
  client: Client,
  config: LdapConfig,
  loginName: string,
): Promise<DirectoryUser | null> {
  let entries: Record<string, unknown>[];
  try {
    const result = await client.search(config.baseDn, {
      scope: 'sub',
      filter: fillFilter(config.userFilter, loginName),
      attributes: [config.usernameAttribute, config.nameAttribute, config.mailAttribute],
      sizeLimit: 2,
    });
    entries = result.searchEntries;
  } catch (error) {
    if (error instanceof NoSuchObjectError) throw new LdapStepError('base', describe(error));
    if ((error as { name?: string }).name === 'SizeLimitExceededError') return null;
    throw new LdapStepError('user', describe(error));
  }
  if (entries.length !== 1) return null;
  const entry = entries[0] as Record<string, unknown> & { dn: string };
  return {
    dn: entry.dn,
    username: attributeOf(entry, config.usernameAttribute) || loginName,
    nickname: attributeOf(entry, config.nameAttribute),
    email: attributeOf(entry, config.mailAttribute),
    groups: [],
  };
}

/** The groups (DN and cn, lower-cased) the group filter finds for a user's DN. */
async function findGroups(client: Client, config: LdapConfig, dn: string): Promise<string[]> {
  if (!config.groupFilter) return [];
  try {
    const result = await client.search(config.baseDn, {
      scope: 'sub',
      filter: fillFilter(config.groupFilter, dn),
      attributes: ['cn'],
      sizeLimit: 1000,
    });
    return result.searchEntries.flatMap((entry) => {
      const cn = attributeOf(entry as Record<string, unknown>, 'cn') || firstRdnValue(entry.dn);
      return [entry.dn.toLowerCase(), cn.toLowerCase()];
    });
  } catch (error) {
    throw new LdapStepError('groups', describe(error));
  }
}

/**
 * Checks a login against the directory: search the user with the search account, read their groups, then
 * bind as them with the typed password. Answers null for an unknown user or a wrong password; a directory
 * that cannot be reached or searched is `ldap.unavailable` (the reason goes to the log, not to the caller).
 */
export async function authenticateLdap(
  config: LdapConfig,
  loginName: string,
  password: string,
): Promise<DirectoryUser | null> {
  // An empty password would be an unauthenticated bind, which many directories accept: never a login.
  if (!password) return null;
  const passed: Step[] = [];
  let client: Client | undefined;
  try {
    client = await openBound(config, passed);
    const user = await findUser(client, config, loginName);
    if (!user) return null;
    user.groups = await findGroups(client, config, user.dn);
    try {
      await client.bind(user.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return null;
      throw new LdapStepError('bind', describe(error));
    }
    return user;
  } catch (error) {
    throw new AppError('ldap.unavailable', { cause: error });
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}

const stepCodes = {
  connect: 'ldap.connect_failed',
  starttls: 'ldap.starttls_failed',
  bind: 'ldap.bind_failed',
  base: 'ldap.base_not_found',
  user: 'ldap.search_failed',
  groups: 'ldap.search_failed',
} as const;

/**
 * The admin's "test connection": connect, StartTLS, bind as the search account, read the base DN, and when
 * a name is given find that user and their groups. The first step that fails answers its own code with the
 * directory's message, so the admin knows what to fix.
 */
export async function testLdapConnection(
  config: LdapConfig,
  testUsername: string | undefined,
): Promise<{ steps: string[]; user: DirectoryUser | null }> {
  if (!config.url || !config.baseDn) throw new AppError('ldap.not_configured');
  const passed: Step[] = [];
  let client: Client | undefined;
  try {
    client = await openBound(config, passed);
    try {
      await client.search(config.baseDn, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'] });
    } catch (error) {
      throw new LdapStepError(error instanceof NoSuchObjectError ? 'base' : 'user', describe(error));
    }
    passed.push('base');
    let user: DirectoryUser | null = null;
    if (testUsername) {
      user = await findUser(client, config, testUsername);
      if (!user)
        throw new AppError('ldap.user_not_found', { args: [fillFilter(config.userFilter, testUsername)] });
      passed.push('user');
      user.groups = await findGroups(client, config, user.dn);
      if (config.groupFilter) passed.push('groups');
    }
    return { steps: passed, user };
  } catch (error) {
    if (error instanceof LdapStepError) throw new AppError(stepCodes[error.step], { args: [error.detail] });
    throw error;
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}
