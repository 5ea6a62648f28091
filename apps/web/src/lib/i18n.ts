import { BUILTIN_LANGS, DEFAULT_LANG } from '@quire/shared';
import type { Translation } from '@quire/shared/i18n';
import i18next, { type BackendModule, type i18n as I18n, type ParseKeys, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultPack, loadBuiltinPack } from './builtin-packs.ts';
import { getStoredLanguage } from './storage.ts';

/** Any key of the built-in packs, for code that picks a key at run time (validation messages, labels). */
export type TranslationKey = ParseKeys;

/** A language pack as stored by the server: namespaces of strings, possibly nested. */
type PackTree = { [key: string]: string | PackTree };

const BUILTIN_CODES: ReadonlySet<string> = new Set(BUILTIN_LANGS.map((l) => l.lang));

/** Keys that would reach an object's prototype if copied from untrusted JSON. */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Maps `?lang=` shorthands to the codes the packs use (`zh` was Torna's link form for Chinese). */
export function normalizeLang(lang: string | null | undefined): string | null {
  const value = lang?.trim();
  if (!value) return null;
  if (value.toLowerCase() === 'zh') return 'zh-CN';
  return value;
}

/** The language given by the URL (`?lang=`), if any. */
export function langFromQuery(search: string): string | null {
  return normalizeLang(new URLSearchParams(search).get('lang'));
}

/** The language the user chose explicitly: this browser's `torna.language`, else the URL's `?lang=`. */
export function explicitLanguage(stored: string | null, search: string): string | null {
  return normalizeLang(stored) ?? langFromQuery(search);
}

/** Start-up language before the server answers: the explicit choice, else zh-CN. */
export function pickStartupLanguage(stored: string | null, search: string): string {
  return explicitLanguage(stored, search) ?? DEFAULT_LANG;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep-merges a server pack over a built-in one into a new object. Only strings and nested objects are taken
 * from the server; prototype keys are skipped, so an admin-uploaded JSON cannot pollute Object.prototype.
 */
export function mergePack(base: unknown, override: unknown): PackTree {
  const result: PackTree = {};
  if (isPlainObject(base)) {
    for (const [key, value] of Object.entries(base)) {
      if (UNSAFE_KEYS.has(key)) continue;
      if (typeof value === 'string') result[key] = value;
      else if (isPlainObject(value)) result[key] = mergePack(value, undefined);
    }
  }
  if (isPlainObject(override)) {
    for (const [key, value] of Object.entries(override)) {
      if (UNSAFE_KEYS.has(key)) continue;
      if (typeof value === 'string') result[key] = value;
      else if (isPlainObject(value)) result[key] = mergePack(result[key], value);
    }
  }
  return result;
}

/** Server packs applied to each instance, so a built-in pack that arrives later is merged under them. */
const serverPacks = new WeakMap<I18n, Map<string, Record<string, unknown>>>();

/** The built-in pack of `lang`, or undefined when it has none or its chunk cannot be loaded. */
async function builtinPackOf(lang: string): Promise<Translation | undefined> {
  try {
    return await loadBuiltinPack(lang);
  } catch (error) {
    console.warn(`Could not load the built-in "${lang}" strings.`, error);
    return undefined;
  }
}

/**
 * Registers the strings of `lang`: the built-in pack (if any) with the server's `content` merged over it.
 * A language with neither is logged and registered empty, so every key falls back to zh-CN.
 */
export async function applyLanguagePack(
  instance: I18n,
  lang: string,
  content: Record<string, unknown> | null,
): Promise<void> {
  const hasServerStrings = content !== null && Object.keys(content).length > 0;
  if (hasServerStrings) serverPacks.get(instance)?.set(lang, content);
  const builtin = await builtinPackOf(lang);
  if (!builtin && !hasServerStrings) {
    console.warn(`No language pack for "${lang}": falling back to empty, then ${DEFAULT_LANG}.`);
  }
  instance.addResourceBundle(lang, 'translation', mergePack(builtin, content), false, true);
}

/**
 * An i18next backend over the app's own chunks: `changeLanguage('en')` fetches the English pack the first
 * time. A server pack applied before the chunk arrived is merged over it, so arrival order does not matter.
 */
function builtinBackend(instancePacks: Map<string, Record<string, unknown>>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (lang, _namespace, callback) => {
      builtinPackOf(lang).then(
        (builtin) => callback(null, mergePack(builtin, instancePacks.get(lang))),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

/**
 * \`t\` for a key chosen at run time (a validation message from a schema): not checked at compile time, so
 * unknown keys render as the key itself; the i18n tests check the keys the schemas use.
 */
export function translateKey(t: TFunction, key: string, values?: Record<string, string | number>): string {
  const untyped = t as unknown as (key: string, options?: Record<string, string | number>) => string;
  return untyped(key, values);
}

/** True for the languages shipped with the product. */
export function isBuiltinLanguage(lang: string): boolean {
  return BUILTIN_CODES.has(lang);
}

/**
 * Creates an i18next instance with the zh-CN pack, the other built-in packs on demand, and `{0}`-style
 * placeholders.
 */
export function createI18n(lng: string): I18n {
  const instance = i18next.createInstance();
  const packs = new Map<string, Record<string, unknown>>();
  serverPacks.set(instance, packs);
  instance
    .use(builtinBackend(packs))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANG,
      // Custom language codes (zh-TW, ja …) must not be reduced to a base language we do not have.
      load: 'currentOnly',
      // A copy: i18next may extend the bundles it holds, and the shared pack must stay pristine.
      resources: { [DEFAULT_LANG]: { translation: mergePack(defaultPack, undefined) } },
      // Languages missing from `resources` are read from the backend above.
      partialBundledLanguages: true,
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
      // An empty string in an uploaded pack means "not translated": use the fallback rather than show nothing.
      returnEmptyString: false,
      initAsync: false,
    });
  return instance;
}

/** The app's i18next instance, started in the language the user chose on this browser or in the URL. */
export const i18n = createI18n(pickStartupLanguage(getStoredLanguage(), window.location.search));

function syncDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang;
}

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** The built-in pack type, re-exported for the typed `t` declaration. */
export type { Translation };
