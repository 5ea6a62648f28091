import { DEFAULT_LANG } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { readSetting, writeSetting } from './settings.repository.ts';

/** Setting keys keep Torna's names, so an admin who knew Torna recognises them. */
export const SettingKeys = {
  registrationEnabled: 'torna.register.enable',
  defaultLang: 'torna.default-lang',
} as const;

/** Whether self-registration is open (default: open). */
export async function isRegistrationEnabled(db: Db): Promise<boolean> {
  return (await readSetting(db, SettingKeys.registrationEnabled)) !== 'false';
}

/** Opens or closes self-registration. */
export function setRegistrationEnabled(db: Db, enabled: boolean): Promise<void> {
  return writeSetting(db, SettingKeys.registrationEnabled, String(enabled));
}

/** The server's default language (default zh-CN). */
export async function readDefaultLang(db: Db): Promise<string> {
  return (await readSetting(db, SettingKeys.defaultLang)) ?? DEFAULT_LANG;
}

/** Sets the server's default language. */
export function setDefaultLang(db: Db, lang: string): Promise<void> {
  return writeSetting(db, SettingKeys.defaultLang, lang);
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { readSetting, writeSetting } from './settings.repository.ts';
