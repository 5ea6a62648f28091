import {
  LdapSettings,
  type LdapSettingsUpdateRequest,
  type LdapTestRequest,
  LdapTestResult,
  OidcSettings,
  type OidcSettingsUpdateRequest,
} from '@quire/shared';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** `GET /api/admin/ldap/get`. */
export function getLdapSettings(options?: RequestOptions) {
  return apiGet('/admin/ldap/get', LdapSettings, undefined, options);
}

/** `POST /api/admin/ldap/update`. */
export function updateLdapSettings(body: LdapSettingsUpdateRequest) {
  return apiPost('/admin/ldap/update', LdapSettings, body);
}

/** `POST /api/admin/ldap/test`: the form's values, saved or not; the failure is shown inline, not toasted. */
export function testLdapConnection(body: LdapTestRequest) {
  return apiPost('/admin/ldap/test', LdapTestResult, body, { silent: true });
}

/** `GET /api/admin/oidc/get`. */
export function getOidcSettings(options?: RequestOptions) {
  return apiGet('/admin/oidc/get', OidcSettings, undefined, options);
}

/** `POST /api/admin/oidc/update`. */
export function updateOidcSettings(body: OidcSettingsUpdateRequest) {
  return apiPost('/admin/oidc/update', OidcSettings, body);
}
