import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { OIDC_LOGIN_PATH } from './oidc.service.ts';
import { ldapUsable, oidcUsable, readLdapConfig, readOidcConfig } from './signin-settings.service.ts';

/** The sign-in fields of Torna's `viewConfig`, from the settings in effect. */
export async function signInFlags(db: Db, env: Env) {
  const ldap = await readLdapConfig(db, env);
  const oidcConfig = await readOidcConfig(db, env);
  const oauth = oidcUsable(oidcConfig);
  return {
    enableThirdPartyOauth: oauth,
    enableLdap: ldapUsable(ldap),
    oauthLoginUrl: oauth ? OIDC_LOGIN_PATH : '',
    oauthButtonText: oauth ? oidcConfig.buttonText : '',
  };
}
