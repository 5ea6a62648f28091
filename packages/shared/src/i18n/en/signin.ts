/** Directory (LDAP) and OpenID Connect sign-in: the login page, the admin settings and their messages. */
export const signin = {
  // Login page
  ldapAccount: 'Directory account',
  ldapAccountPlaceholder: 'Your company directory user name',
  ldapPassword: 'Directory password',
  orDivider: 'or',
  oauthDefaultButton: 'Sign in with OpenID Connect',
  // Admin settings
  title: 'Sign-in',
  ldapTitle: 'LDAP directory',
  ldapIntro:
    'Users sign in with their directory name and password. The first login creates a Quire account with source LDAP; later logins update its name and mail. A local account with the same name is never taken over: the directory user gets an account of their own.',
  enabled: 'Enabled',
  url: 'Server URL',
  urlHint: 'ldap://host:389 or ldaps://host:636',
  startTls: 'Use StartTLS',
  bindDn: 'Bind DN',
  bindDnHint: 'The account Quire searches with; empty for an anonymous search',
  bindPassword: 'Bind password',
  bindPasswordKept: 'Stored (leave empty to keep it)',
  clearBindPassword: 'Remove the stored password',
  baseDn: 'Base DN',
  userFilter: 'User filter',
  userFilterHint: '%s is replaced by the login name, for example (uid=%s)',
  usernameAttribute: 'User name attribute',
  nameAttribute: 'Display name attribute',
  mailAttribute: 'Mail attribute',
  groupFilter: 'Group filter',
  groupFilterHint: '%s is replaced by the user DN, for example (member=%s)',
  adminGroup: 'Super admin group',
  adminGroupHint: 'DN or cn; its members become super admins at their next login',
  spaceRoles: 'Groups to space roles',
  spaceRoleGroup: 'Group (DN or cn)',
  spaceRoleSpace: 'Space',
  spaceRoleRole: 'Role',
  addSpaceRole: 'Add mapping',
  removeSpaceRole: 'Remove mapping',
  lockedByEnv: 'Set by the environment variable {0}; change it there',
  testUsername: 'Test user (optional)',
  testConnection: 'Test connection',
  testOk: 'Connection works: {0}',
  testUser: 'Found {0} ({1}, {2}); groups: {3}',
  testNoGroups: 'none',
  saved: 'Sign-in settings saved',
  oidcTitle: 'OpenID Connect',
  oidcIntro:
    'Users sign in with your identity provider (Keycloak, Azure AD, Okta, Google …). Accounts are matched by issuer and subject, never by user name.',
  issuer: 'Issuer URL',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  clientSecretKept: 'Stored (leave empty to keep it)',
  scopes: 'Scopes',
  buttonText: 'Button text',
  redirectUri: 'Redirect URI to register at the provider',
  stepConnect: 'connected',
  stepStarttls: 'StartTLS',
  stepBind: 'bound',
  stepBase: 'base DN found',
  stepUser: 'user found',
  helpPage: 'Directory and SSO sign-in',
  stepGroups: 'groups read',
};

/** Server messages of sign-in (`errors` namespace). */
export const signinErrors = {
  'auth.source_disabled': 'This sign-in method is not enabled on this server',
  'ldap.unavailable': 'The directory server cannot be reached right now, try again later or ask an admin',
  'ldap.connect_failed': 'Could not connect to the directory server: {0}',
  'ldap.starttls_failed': 'StartTLS failed: {0}',
  'ldap.bind_failed': 'The bind DN or its password was refused: {0}',
  'ldap.base_not_found': 'The base DN does not exist: {0}',
  'ldap.search_failed': 'The search failed (check the filter): {0}',
  'ldap.user_not_found': 'No single user matches {0}',
  'ldap.not_configured': 'Enter the server URL and the base DN first',
  'oidc.not_configured': 'Enter the issuer and the client ID first',
  'oidc.unavailable': 'The OpenID provider {0} cannot be reached or its discovery document is invalid',
  'oidc.issuer_insecure':
    'The issuer must use https (http only for this machine or hosts in QUIRE_FETCH_ALLOW_HOSTS)',
  'oidc.state_invalid': 'This login request is unknown, expired or was started in another browser; try again',
  'oidc.callback_failed': 'The OpenID provider did not confirm the login: {0}',
  'identity.taken': 'This directory or provider identity is already linked to an account',
  'identity.not_found': 'No such linked identity',
};

/** Validation messages of the sign-in settings (`validation` namespace). */
export const signinValidation = {
  ldap_url: 'Enter ldap://host[:port] or ldaps://host[:port]',
  ldap_filter: 'The filter must contain %s',
};

/** The check of an uploaded language pack against the built-in keys. */
export const packCheck = {
  missing: 'Saved, but {0} texts are missing and fall back to the default language: {1}',
  unknown: '{0} keys of the pack are unknown to Quire and are never shown',
};
