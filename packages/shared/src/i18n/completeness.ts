import { en } from './en/index.ts';

/**
 * The keys of a language pack, as `namespace.key` (a key may contain dots itself: `errors.auth.bad_credentials`).
 * Leaves are texts; anything else at a leaf is not a key.
 */
export function packKeys(pack: unknown, prefix = ''): string[] {
  if (!pack || typeof pack !== 'object' || Array.isArray(pack)) return [];
  return Object.entries(pack as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : packKeys(value, path);
  });
}

/** What a pack lacks and what it has that no built-in pack knows, against the English pack's keys. */
export function compareWithBuiltin(
  pack: unknown,
  reference: unknown = en,
): { missing: string[]; unknown: string[] } {
  const have = new Set(packKeys(pack));
  const want = new Set(packKeys(reference));
  return {
    missing: [...want].filter((key) => !have.has(key)).sort(),
    unknown: [...have].filter((key) => !want.has(key)).sort(),
  };
}
