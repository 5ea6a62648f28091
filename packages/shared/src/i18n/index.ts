import { en, type Translation } from './en/index.ts';
import { zhCN } from './zh-CN/index.ts';

export type { Translation };

/** Built-in language packs keyed by language code. */
export const builtinResources: Record<string, Translation> = { 'zh-CN': zhCN, en };

/** Reads a dotted key (`errors.auth.bad_credentials` is split at the namespace only) from a pack. */
export function lookup(pack: unknown, namespace: string, key: string): string | undefined {
  if (!pack || typeof pack !== 'object') return undefined;
  const ns = (pack as Record<string, unknown>)[namespace];
  if (!ns || typeof ns !== 'object') return undefined;
  const value = (ns as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** Fills `{0}`, `{1}` … with positional arguments, as the spec's messages expect. */
export function format(template: string, args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

export { compareWithBuiltin, packKeys } from './completeness.ts';
