import { systemI18nGet, userLangUpdate } from '@quire/shared';
import { call } from './api-client.ts';
import { applyLanguagePack, explicitLanguage, i18n } from './i18n.ts';
import { getStoredLanguage, hasToken, setStoredLanguage } from './storage.ts';

function fetchPack(lang: string | undefined) {
  // Silent: a missing pack must never block the app; the built-in strings are already loaded.
  return call(systemI18nGet, { lang }, { silent: true });
}

/**
 * Settles the language with the server at start (and after a login): an explicit choice on this browser or in
 * the URL wins; otherwise the account's language, else the server default. The server's pack for the chosen
 * language is merged over the built-in strings. Failures keep the built-in strings.
 */
export async function loadServerLanguage(): Promise<void> {
  const explicit = explicitLanguage(getStoredLanguage(), window.location.search);
  const requested = explicit ?? i18n.language;
  try {
    let answer = await fetchPack(requested);
    const chosen = explicit ?? answer.userLang ?? answer.defaultLang;
    // The first answer carried the pack of the language we asked for; fetch the chosen one if it differs.
    if (chosen !== requested) answer = await fetchPack(chosen);
    await applyLanguagePack(i18n, chosen, answer.content);
    if (i18n.language !== chosen) await i18n.changeLanguage(chosen);
  } catch (error) {
    console.warn('Could not load the language settings; using the built-in strings.', error);
  }
}

/**
 * Switches the language in place (no reload, so forms keep what was typed): remembers it on this browser,
 * loads the server's pack for it, and saves it on the account when logged in.
 */
export async function changeAppLanguage(lang: string): Promise<void> {
  setStoredLanguage(lang);
  try {
    const answer = await fetchPack(lang);
    await applyLanguagePack(i18n, lang, answer.content);
  } catch {
    await applyLanguagePack(i18n, lang, null);
  }
  await i18n.changeLanguage(lang);
  if (hasToken()) await call(userLangUpdate, { lang });
}
