import type { TFunction } from 'i18next';

/** Which environment variable sets each locked field, for the read-only hint. */
const ENV_NAMES: Record<string, string> = {
  'ldap.url': 'QUIRE_LDAP_URL',
  'ldap.enabled': 'QUIRE_LDAP_URL',
  'ldap.bindDn': 'QUIRE_LDAP_BIND_DN',
  'ldap.bindPassword': 'QUIRE_LDAP_BIND_PASSWORD',
  'ldap.baseDn': 'QUIRE_LDAP_BASE_DN',
  'ldap.userFilter': 'QUIRE_LDAP_FILTER',
  'ldap.adminGroup': 'QUIRE_LDAP_ADMIN_GROUP',
  'oidc.enabled': 'QUIRE_OIDC_ISSUER',
  'oidc.issuer': 'QUIRE_OIDC_ISSUER',
  'oidc.clientId': 'QUIRE_OIDC_CLIENT_ID',
  'oidc.clientSecret': 'QUIRE_OIDC_CLIENT_SECRET',
  'oidc.scopes': 'QUIRE_OIDC_SCOPES',
  'oidc.buttonText': 'QUIRE_OIDC_BUTTON_TEXT',
};

/** The "set by the environment" hint of a locked field, or undefined when the field is editable. */
export function lockedHint(
  t: TFunction,
  source: 'ldap' | 'oidc',
  field: string,
  locked: readonly string[],
): string | undefined {
  if (!locked.includes(field)) return undefined;
  return t('signin.lockedByEnv', { 0: ENV_NAMES[`${source}.${field}`] ?? field });
}
