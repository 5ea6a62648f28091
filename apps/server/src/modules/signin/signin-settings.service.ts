import type {
  LdapSettings,
  LdapSettingsUpdateRequest,
  LdapSpaceRole,
  OidcSettings,
  OidcSettingsUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { readSetting, writeSetting } from '../system/settings.service.ts';

/** Setting keys: one JSON document per sign-in source. */
const Keys = { ldap: 'quire.signin.ldap', oidc: 'quire.signin.oidc' } as const;

export const LdapDefaults = {
  userFilter: '(uid=%s)',
  usernameAttribute: 'uid',
  nameAttribute: 'cn',
  mailAttribute: 'mail',
  groupFilter: '(|(member=%s)(uniqueMember=%s))',
} as const;

/** Without a button text the login page shows its own, translated one. */
export const OidcDefaults = { scopes: 'openid profile email', buttonText: '' } as const;

/** The LDAP configuration in effect: settings with the environment's values over them, password in clear. */
export interface LdapConfig {
  enabled: boolean;
  url: string;
  startTls: boolean;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  userFilter: string;
  usernameAttribute: string;
  nameAttribute: string;
  mailAttribute: string;
  groupFilter: string;
  adminGroup: string;
  spaceRoles: LdapSpaceRole[];
  lockedFields: string[];
}

/** The OIDC configuration in effect, secret in clear. */
export interface OidcConfig {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  buttonText: string;
  lockedFields: string[];
}

/** What is stored: the same fields, secrets sealed with the secret box. */
type StoredLdap = Omit<LdapConfig, 'bindPassword' | 'lockedFields'> & { bindPasswordEnc: string };
type StoredOidc = Omit<OidcConfig, 'clientSecret' | 'lockedFields'> & { clientSecretEnc: string };

async function readJson<T>(db: Db, key: string): Promise<Partial<T>> {
  const raw = await readSetting(db, key);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : {};
  } catch {
    return {};
  }
}

/** Which env variable overrides which field. */
const ldapEnv = {
  url: 'QUIRE_LDAP_URL',
  bindDn: 'QUIRE_LDAP_BIND_DN',
  bindPassword: 'QUIRE_LDAP_BIND_PASSWORD',
  baseDn: 'QUIRE_LDAP_BASE_DN',
  userFilter: 'QUIRE_LDAP_FILTER',
  adminGroup: 'QUIRE_LDAP_ADMIN_GROUP',
} as const satisfies Partial<Record<keyof LdapConfig, keyof Env>>;

const oidcEnv = {
  issuer: 'QUIRE_OIDC_ISSUER',
  clientId: 'QUIRE_OIDC_CLIENT_ID',
  clientSecret: 'QUIRE_OIDC_CLIENT_SECRET',
  scopes: 'QUIRE_OIDC_SCOPES',
  buttonText: 'QUIRE_OIDC_BUTTON_TEXT',
} as const satisfies Partial<Record<keyof OidcConfig, keyof Env>>;

/** The LDAP configuration in effect. Setting QUIRE_LDAP_URL turns LDAP on whatever the stored switch says. */
export async function readLdapConfig(db: Db, env: Env): Promise<LdapConfig> {
  const stored = await readJson<StoredLdap>(db, Keys.ldap);
  const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
  const config: LdapConfig = {
    enabled: stored.enabled ?? false,
    url: stored.url ?? '',
    startTls: stored.startTls ?? false,
    bindDn: stored.bindDn ?? '',
    bindPassword: box.open(stored.bindPasswordEnc ?? '') ?? '',
    baseDn: stored.baseDn ?? '',
    userFilter: stored.userFilter || LdapDefaults.userFilter,
    usernameAttribute: stored.usernameAttribute || LdapDefaults.usernameAttribute,
    nameAttribute: stored.nameAttribute || LdapDefaults.nameAttribute,
    mailAttribute: stored.mailAttribute || LdapDefaults.mailAttribute,
    groupFilter: stored.groupFilter ?? '',
    adminGroup: stored.adminGroup ?? '',
    spaceRoles: Array.isArray(stored.spaceRoles) ? stored.spaceRoles : [],
    lockedFields: [],
  };
  for (const [field, name] of Object.entries(ldapEnv) as [keyof typeof ldapEnv, keyof Env][]) {
    const value = env[name];
    if (typeof value === 'string') {
      config[field] = value;
      config.lockedFields.push(field);
    }
  }
  if (env.QUIRE_LDAP_URL) {
    config.enabled = true;
    config.lockedFields.push('enabled');
  }
  // A group filter is needed to read groups; when only an admin group is configured, the default one applies.
  if (!config.groupFilter && (config.adminGroup || config.spaceRoles.length))
    config.groupFilter = LdapDefaults.groupFilter;
  return config;
}

/** The OIDC configuration in effect; QUIRE_OIDC_ISSUER turns it on. */
export async function readOidcConfig(db: Db, env: Env): Promise<OidcConfig> {
  const stored = await readJson<StoredOidc>(db, Keys.oidc);
  const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
  const config: OidcConfig = {
    enabled: stored.enabled ?? false,
    issuer: stored.issuer ?? '',
    clientId: stored.clientId ?? '',
    clientSecret: box.open(stored.clientSecretEnc ?? '') ?? '',
    scopes: stored.scopes || OidcDefaults.scopes,
    buttonText: stored.buttonText || OidcDefaults.buttonText,
    lockedFields: [],
  };
  for (const [field, name] of Object.entries(oidcEnv) as [keyof typeof oidcEnv, keyof Env][]) {
    const value = env[name];
    if (typeof value === 'string') {
      config[field] = value;
      config.lockedFields.push(field);
    }
  }
  if (env.QUIRE_OIDC_ISSUER) {
    config.enabled = true;
    config.lockedFields.push('enabled');
  }
  return config;
}

/** True when LDAP login can be tried: on, with a server and a base. */
export function ldapUsable(config: LdapConfig): boolean {
  return config.enabled && config.url !== '' && config.baseDn !== '';
}

/** True when OIDC login can be started. */
export function oidcUsable(config: OidcConfig): boolean {
  return config.enabled && config.issuer !== '' && config.clientId !== '';
}

/** The LDAP settings as the admin screen shows them. */
export function presentLdap(config: LdapConfig): LdapSettings {
  const { bindPassword, ...rest } = config;
  return { ...rest, hasBindPassword: bindPassword !== '' };
}

/** The OIDC settings as the admin screen shows them. */
export function presentOidc(config: OidcConfig, redirectUri: string): OidcSettings {
  const { clientSecret, ...rest } = config;
  return { ...rest, hasClientSecret: clientSecret !== '', redirectUri };
}

/**
 * The LDAP configuration an update (or a connection test) describes, over the one in effect: fields set by
 * the environment keep their value, and an empty password keeps the stored one.
 */
export function mergeLdap(
  current: LdapConfig,
  input: z.output<typeof LdapSettingsUpdateRequest>,
): LdapConfig {
  const locked = new Set(current.lockedFields);
  const pick = <K extends keyof LdapConfig>(field: K, value: LdapConfig[K] | undefined): LdapConfig[K] =>
    locked.has(field) || value === undefined ? current[field] : value;
  const password = input.clearBindPassword ? '' : input.bindPassword || current.bindPassword;
  const adminGroup = pick('adminGroup', input.adminGroup);
  const spaceRoles = pick('spaceRoles', input.spaceRoles);
  const groupFilter = pick('groupFilter', input.groupFilter);
  return {
    enabled: pick('enabled', input.enabled),
    url: pick('url', input.url),
    startTls: pick('startTls', input.startTls),
    bindDn: pick('bindDn', input.bindDn),
    bindPassword: pick('bindPassword', password),
    baseDn: pick('baseDn', input.baseDn),
    userFilter: pick('userFilter', input.userFilter) || LdapDefaults.userFilter,
    usernameAttribute: pick('usernameAttribute', input.usernameAttribute) || LdapDefaults.usernameAttribute,
    nameAttribute: pick('nameAttribute', input.nameAttribute) || LdapDefaults.nameAttribute,
    mailAttribute: pick('mailAttribute', input.mailAttribute) || LdapDefaults.mailAttribute,
    groupFilter: groupFilter || (adminGroup || spaceRoles.length ? LdapDefaults.groupFilter : ''),
    adminGroup,
    spaceRoles,
    lockedFields: current.lockedFields,
  };
}

/**
 * Stores the LDAP settings. Fields the environment sets are stored empty: the environment's values (its
 * bind password above all) stay out of the database.
 */
export async function writeLdapSettings(db: Db, env: Env, config: LdapConfig): Promise<void> {
  const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
  const { bindPassword, lockedFields, ...rest } = config;
  const locked = new Set(lockedFields);
  const stored: StoredLdap = {
    ...rest,
    enabled: locked.has('enabled') ? false : rest.enabled,
    url: locked.has('url') ? '' : rest.url,
    bindDn: locked.has('bindDn') ? '' : rest.bindDn,
    baseDn: locked.has('baseDn') ? '' : rest.baseDn,
    userFilter: locked.has('userFilter') ? '' : rest.userFilter,
    adminGroup: locked.has('adminGroup') ? '' : rest.adminGroup,
    bindPasswordEnc: locked.has('bindPassword') ? '' : box.seal(bindPassword),
  };
  await writeSetting(db, Keys.ldap, JSON.stringify(stored));
}

/** Stores the OIDC settings; an empty secret keeps the stored one. */
export async function writeOidcSettings(
  db: Db,
  env: Env,
  current: OidcConfig,
  input: z.output<typeof OidcSettingsUpdateRequest>,
): Promise<void> {
  const box = await secretBoxOf(db, env.QUIRE_SECRET_KEY);
  const locked = new Set(current.lockedFields);
  const pick = <K extends keyof OidcConfig>(field: K, value: OidcConfig[K]): OidcConfig[K] =>
    locked.has(field) ? current[field] : value;
  const stored: StoredOidc = {
    enabled: pick('enabled', input.enabled ?? current.enabled),
    issuer: pick('issuer', (input.issuer ?? current.issuer).replace(/\/+$/, '')),
    clientId: pick('clientId', input.clientId ?? current.clientId),
    // The environment's secret is never copied into the database.
    clientSecretEnc: locked.has('clientSecret') ? '' : box.seal(input.clientSecret || current.clientSecret),
    scopes: pick('scopes', input.scopes || current.scopes || OidcDefaults.scopes),
    buttonText: pick('buttonText', input.buttonText ?? current.buttonText),
  };
  await writeSetting(db, Keys.oidc, JSON.stringify(stored));
}
