import { DEFAULT_LANG } from '@quire/shared';
import type { Translation } from '@quire/shared/i18n';
import { zhCN } from '@quire/shared/i18n/zh-CN';

/**
 * The language packs shipped with the app. zh-CN is the default and every language's fallback, so it is part
 * of the first chunk; the others are separate chunks fetched when a user picks them, which keeps them out of
 * the login page's JavaScript.
 */
const lazyPacks: Record<string, () => Promise<Translation>> = {
  en: () => import('@quire/shared/i18n/en').then((module) => module.en),
};

const pending = new Map<string, Promise<Translation | undefined>>();

/** The default pack, available synchronously. */
export const defaultPack: Translation = zhCN;

/** True when `lang` has a pack in the app (loaded or loadable). */
export function hasBuiltinPack(lang: string): boolean {
  return lang === DEFAULT_LANG || lang in lazyPacks;
}

/**
 * The built-in pack of `lang`, or undefined for a language only the server knows (an uploaded pack). Loads it
 * at most once; a failed chunk load is forgotten so the next call retries it.
 */
export function loadBuiltinPack(lang: string): Promise<Translation | undefined> {
  if (lang === DEFAULT_LANG) return Promise.resolve(zhCN);
  const load = lazyPacks[lang];
  if (!load) return Promise.resolve(undefined);
  let promise = pending.get(lang);
  if (!promise) {
    promise = load().catch((error: unknown) => {
      pending.delete(lang);
      throw error;
    });
    pending.set(lang, promise);
  }
  return promise;
}
