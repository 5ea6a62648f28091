import { BUILTIN_LANGS, DEFAULT_LANG, splitMessageKey } from '@quire/shared';
import { builtinResources, format, lookup } from '@quire/shared/i18n';

const BUILTIN = new Set<string>(BUILTIN_LANGS.map((l) => l.lang));

/**
 * Picks the caller's language from Accept-Language: an exact built-in tag first, then a prefix
 * (`en-US` -> `en`, `zh` / `zh-Hans` -> `zh-CN`); undefined when nothing matches.
 */
export function langFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const tags = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  for (const tag of tags) {
    if (BUILTIN.has(tag)) return tag;
    const base = tag.split('-')[0]?.toLowerCase();
    if (base === 'zh') return 'zh-CN';
    if (base === 'en') return 'en';
  }
  return undefined;
}

/** Server-side text in a language, falling back to zh-CN and then to the key itself. */
export function translate(
  lang: string,
  namespace: string,
  key: string,
  args: ReadonlyArray<string | number> = [],
): string {
  const text =
    lookup(builtinResources[lang], namespace, key) ??
    lookup(builtinResources[DEFAULT_LANG], namespace, key) ??
    key;
  return format(text, args);
}

/** Turns a zod issue message (an i18n key with an optional `|limit`) into words. */
export function translateIssue(lang: string, message: string): string {
  const { key, args } = splitMessageKey(message);
  if (key.startsWith('validation.'))
    return translate(lang, 'validation', key.slice('validation.'.length), args);
  return message;
}
