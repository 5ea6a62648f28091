import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { optionalText, V } from '../validation.ts';
import { UserIdQuery } from './admin.ts';
import { defineCall } from './contract.ts';
import { EntityId, Flag, IdRequest, RoleCode } from './spaces.ts';

/** A directory group that grants a space role to its members at each login. */
export const LdapSpaceRole = z.object({
  /** The group's DN or its `cn`, compared case-insensitively. */
  group: optionalText(500),
  spaceId: EntityId,
  role: RoleCode,
});
export type LdapSpaceRole = z.infer<typeof LdapSpaceRole>;

/** The LDAP settings as the admin screen shows them: the bind password never leaves the server. */
export const LdapSettings = z.object({
  enabled: z.boolean(),
  /** `ldap://host:389` or `ldaps://host:636`. */
  url: z.string(),
  startTls: z.boolean(),
  bindDn: z.string(),
  hasBindPassword: z.boolean(),
  baseDn: z.string(),
  /** `%s` is replaced by the escaped login name. */
  userFilter: z.string(),
  usernameAttribute: z.string(),
  nameAttribute: z.string(),
  mailAttribute: z.string(),
  /** `%s` is replaced by the escaped DN of the user; empty: groups are not read. */
  groupFilter: z.string(),
  /** Members of this group (DN or cn) are super admins; empty: the flag is left alone. */
  adminGroup: z.string(),
  spaceRoles: z.array(LdapSpaceRole),
  /** Fields set by QUIRE_LDAP_* environment variables: they win and are read-only here. */
  lockedFields: z.array(z.string()),
});
export type LdapSettings = z.infer<typeof LdapSettings>;

const LdapUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^ldaps?:\/\/[^\s/]+\/?$/i.test(v), { error: 'validation.ldap_url' });

/**
 * `POST /api/admin/ldap/update` (and the body of the connection test): only the fields sent change; an empty
 * password keeps the stored one. Empty texts fall back to the defaults (filter `(uid=%s)`, attributes uid/cn/mail).
 */
export const LdapSettingsUpdateRequest = z.object({
  enabled: Flag.optional(),
  url: LdapUrl.optional(),
  startTls: Flag.optional(),
  bindDn: optionalText(500).optional(),
  bindPassword: z.string().max(500).optional(),
  /** True clears the stored bind password (anonymous search). */
  clearBindPassword: Flag.optional(),
  baseDn: optionalText(500).optional(),
  userFilter: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || v.includes('%s'), { error: 'validation.ldap_filter' })
    .optional(),
  usernameAttribute: optionalText(100).optional(),
  nameAttribute: optionalText(100).optional(),
  mailAttribute: optionalText(100).optional(),
  groupFilter: optionalText(500).optional(),
  adminGroup: optionalText(500).optional(),
  spaceRoles: z.array(LdapSpaceRole).max(200).optional(),
});
export type LdapSettingsUpdateRequest = z.input<typeof LdapSettingsUpdateRequest>;

/** The connection test also looks up one user when a name is given. */
export const LdapTestRequest = LdapSettingsUpdateRequest.extend({
  testUsername: optionalText(200).optional(),
});
export type LdapTestRequest = z.input<typeof LdapTestRequest>;

/** What a successful test found. */
export const LdapTestResult = z.object({
  /** Each step that passed, in order: connect, starttls, bind, base, user, groups. */
  steps: z.array(z.string()),
  user: z
    .object({
      dn: z.string(),
      username: z.string(),
      nickname: z.string(),
      email: z.string(),
      groups: z.array(z.string()),
    })
    .nullable(),
});
export type LdapTestResult = z.infer<typeof LdapTestResult>;

/** The OpenID Connect settings; the client secret never leaves the server. */
export const OidcSettings = z.object({
  enabled: z.boolean(),
  /** The issuer URL; its `/.well-known/openid-configuration` is read. */
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  buttonText: z.string(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
  lockedFields: z.array(z.string()),
});
export type OidcSettings = z.infer<typeof OidcSettings>;

/** `POST /api/admin/oidc/update`: only the fields sent change; an empty secret keeps the stored one. */
export const OidcSettingsUpdateRequest = z.object({
  enabled: Flag.optional(),
  issuer: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { error: V.url })
    .optional(),
  clientId: optionalText(300).optional(),
  clientSecret: z.string().max(1000).optional(),
  scopes: optionalText(300).optional(),
  buttonText: optionalText(100).optional(),
});
export type OidcSettingsUpdateRequest = z.input<typeof OidcSettingsUpdateRequest>;

/** `GET /api/system/config`: which sign-in sources the login page offers. */
export const SystemConfig = z.object({
  /** Enabled sources: `register` (local accounts, always), `ldap`, `oauth`. */
  loginSources: z.array(z.enum(['register', 'ldap', 'oauth'])),
  /** The same, as Torna's flags. */
  enableLdap: z.boolean(),
  enableThirdPartyOauth: z.boolean(),
  enableReg: z.boolean(),
  oauthLoginUrl: z.string(),
  oauthButtonText: z.string(),
});
export type SystemConfig = z.infer<typeof SystemConfig>;

/** An external identity linked to an account, as the admin sees it. */
export const UserIdentity = z.object({
  id: z.string(),
  provider: z.enum(['ldap', 'oidc']),
  issuer: z.string(),
  subject: z.string(),
  createTime: z.string(),
  lastLoginTime: z.string(),
});
export type UserIdentity = z.infer<typeof UserIdentity>;

/**
 * `POST /api/admin/user/identity/link`: a super admin links an existing account to a directory user (LDAP:
 * `subject` is the directory user name) or an OIDC subject (`issuer` required), so that person signs in to it.
 */
export const IdentityLinkRequest = z
  .object({
    userId: EntityId,
    provider: z.enum(['ldap', 'oidc'], { error: V.invalid }),
    issuer: optionalText(500).optional(),
    subject: optionalText(500).pipe(z.string().min(1, { error: V.requiredMax })),
  })
  .refine((v) => v.provider === 'ldap' || Boolean(v.issuer), { error: V.requiredMax, path: ['issuer'] });
export type IdentityLinkRequest = z.input<typeof IdentityLinkRequest>;

export const systemConfig = defineCall({
  method: 'GET',
  path: '/api/system/config',
  response: SystemConfig,
  access: 'public',
});

export const adminLdapGet = defineCall({
  method: 'GET',
  path: '/api/admin/ldap/get',
  response: LdapSettings,
  access: 'superAdmin',
});

export const adminLdapUpdate = defineCall({
  method: 'POST',
  path: '/api/admin/ldap/update',
  body: LdapSettingsUpdateRequest,
  response: LdapSettings,
  access: 'superAdmin',
});

export const adminLdapTest = defineCall({
  method: 'POST',
  path: '/api/admin/ldap/test',
  body: LdapTestRequest,
  response: LdapTestResult,
  access: 'superAdmin',
});

export const adminOidcGet = defineCall({
  method: 'GET',
  path: '/api/admin/oidc/get',
  response: OidcSettings,
  access: 'superAdmin',
});

export const adminOidcUpdate = defineCall({
  method: 'POST',
  path: '/api/admin/oidc/update',
  body: OidcSettingsUpdateRequest,
  response: OidcSettings,
  access: 'superAdmin',
});

export const adminUserIdentityList = defineCall({
  method: 'GET',
  path: '/api/admin/user/identity/list',
  query: UserIdQuery,
  response: z.array(UserIdentity),
  access: 'superAdmin',
});

export const adminUserIdentityLink = defineCall({
  method: 'POST',
  path: '/api/admin/user/identity/link',
  body: IdentityLinkRequest,
  response: UserIdentity,
  access: 'superAdmin',
});

export const adminUserIdentityUnlink = defineCall({
  method: 'POST',
  path: '/api/admin/user/identity/unlink',
  body: IdRequest,
  response: Empty,
  access: 'superAdmin',
});
