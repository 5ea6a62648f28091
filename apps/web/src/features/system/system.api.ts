import { systemConfig, systemI18nLangList, systemViewConfig } from '@quire/shared';
import { call } from '../../lib/api-client.ts';

/** Public settings the login and registration screens read. */
export function getViewConfig() {
  return call(systemViewConfig);
}

/** Languages the server offers: the built-in ones followed by uploaded packs. */
export function listLanguages() {
  return call(systemI18nLangList);
}

/** Which sign-in sources the login page offers. */
export function getSystemConfig() {
  return call(systemConfig);
}
