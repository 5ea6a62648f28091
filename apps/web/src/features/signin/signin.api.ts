import {
  adminLdapGet,
  adminLdapTest,
  adminLdapUpdate,
  adminOidcGet,
  adminOidcUpdate,
  type LdapSettingsUpdateRequest,
  type LdapTestRequest,
  type OidcSettingsUpdateRequest,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** `GET /api/admin/ldap/get`. */
export function getLdapSettings(options?: RequestOptions) {
  return call(adminLdapGet, undefined, options);
}

/** `POST /api/admin/ldap/update`. */
export function updateLdapSettings(body: LdapSettingsUpdateRequest) {
  return call(adminLdapUpdate, body);
}

/** `POST /api/admin/ldap/test`: the form's values, saved or not; the failure is shown inline, not toasted. */
export function testLdapConnection(body: LdapTestRequest) {
  return call(adminLdapTest, body, { silent: true });
}

/** `GET /api/admin/oidc/get`. */
export function getOidcSettings(options?: RequestOptions) {
  return call(adminOidcGet, undefined, options);
}

/** `POST /api/admin/oidc/update`. */
export function updateOidcSettings(body: OidcSettingsUpdateRequest) {
  return call(adminOidcUpdate, body);
}
