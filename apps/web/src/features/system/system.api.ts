import { LangList, SystemConfig, ViewConfig } from '@quire/shared';
import { apiGet } from '../../lib/api-client.ts';

/** Public settings the login and registration screens read. */
export function getViewConfig() {
  return apiGet('/system/viewConfig', ViewConfig);
}

/** Languages the server offers: the built-in ones followed by uploaded packs. */
export function listLanguages() {
  return apiGet('/system/i18n/lang/list', LangList);
}

/** Which sign-in sources the login page offers. */
export function getSystemConfig() {
  return apiGet('/system/config', SystemConfig);
}
