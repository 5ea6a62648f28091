import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { V } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { describe, expect, it } from 'vitest';

/** Every leaf of a pack as [dotted path, value]. */
function leafEntries(pack: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof pack !== 'object' || pack === null) return [[prefix, pack]];
  return Object.entries(pack).flatMap(([key, value]) =>
    leafEntries(value, prefix ? `${prefix}.${key}` : key),
  );
}

function leafKeys(pack: unknown): string[] {
  return leafEntries(pack).map(([key]) => key);
}

function hasKey(pack: unknown, dotted: string): boolean {
  // A namespace's own keys may contain dots (`errors.auth.bad_credentials`): split at the namespace only.
  const [namespace = '', ...rest] = dotted.split('.');
  const ns = (pack as Record<string, unknown>)[namespace];
  if (typeof ns !== 'object' || ns === null) return false;
  let node: unknown = ns;
  const parts = rest;
  for (let i = 0; i < parts.length; i++) {
    const joined = parts.slice(i).join('.');
    if (
      typeof node === 'object' &&
      node !== null &&
      typeof (node as Record<string, unknown>)[joined] === 'string'
    ) {
      return true;
    }
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[parts[i] ?? '']
        : undefined;
  }
  return typeof node === 'string';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('language packs', () => {
  const en = builtinResources.en;
  const zhCN = builtinResources['zh-CN'];

  it('zh-CN and en have exactly the same keys', () => {
    expect(leafKeys(zhCN).sort()).toEqual(leafKeys(en).sort());
  });

  it('no string is empty in either language', () => {
    for (const pack of [en, zhCN]) {
      const empty = leafEntries(pack)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    }
  });

  it('every key the web app passes to t() exists', () => {
    const srcDir = join(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(match[1] ?? '');
      // Keys kept in tables (labels picked at run time) are written as 'namespace.key' string literals too.
      for (const match of text.matchAll(
        /:\s*'((?:help|user|auth|layout|common|dashboard|view|perm|space|project|module|env|member|openUser|constants|admin)\.[a-zA-Z0-9_.]+)'/g,
      )) {
        used.add(match[1] ?? '');
      }
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !hasKey(en, key));
    expect(missing).toEqual([]);
  });

  it('every validation message key of the shared schemas exists', () => {
    const missing = Object.values(V).filter((key) => !hasKey(en, key) || !hasKey(zhCN, key));
    expect(missing).toEqual([]);
  });
});
