import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { errorStatus } from '@quire/shared';
import { builtinResources, lookup } from '@quire/shared/i18n';
import { describe, expect, it } from 'vitest';

/**
 * Every message the server answers comes from the language packs, in both built-in languages: error codes,
 * the texts the server translates by key, and the validation keys of the shared schemas. A message written
 * as a literal in a handler (`msg: 'Oops'`) is reported too.
 */
const SERVER_SRC = join(import.meta.dirname, '..');
const SHARED_SRC = join(import.meta.dirname, '../../../../packages/shared/src');
const LANGS = ['en', 'zh-CN'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.includes('.test.') ? [path] : [];
  });
}

function missingIn(namespace: string, keys: Iterable<string>): string[] {
  const missing: string[] = [];
  for (const key of keys) {
    for (const lang of LANGS) {
      if (lookup(builtinResources[lang], namespace, key) === undefined)
        missing.push(`${lang}: ${namespace} > ${key}`);
    }
  }
  return missing;
}

describe('server messages live in both language packs', () => {
  const files = sourceFiles(SERVER_SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('every error code has a message', () => {
    expect(missingIn('errors', Object.keys(errorStatus))).toEqual([]);
  });

  it('every AppError the server throws has a message', () => {
    const codes = new Set<string>();
    for (const { text } of files) {
      for (const match of text.matchAll(/new AppError\(\s*'([^']+)'/g)) codes.add(match[1] ?? '');
    }
    expect(codes.size).toBeGreaterThan(20);
    expect(missingIn('errors', codes)).toEqual([]);
  });

  it('every text translated by a literal key exists', () => {
    const missing: string[] = [];
    for (const { text } of files) {
      for (const match of text.matchAll(/\btranslate\(\s*[\w.]+,\s*'([\w-]+)',\s*'([^']+)'/g)) {
        missing.push(...missingIn(match[1] ?? '', [match[2] ?? '']));
      }
    }
    expect(missing).toEqual([]);
  });

  it('every validation key of the shared schemas exists', () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(SHARED_SRC)) {
      if (file.includes('/i18n/')) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/'validation\.([a-z_]+)'/g)) {
        // `validation.invalid_input` is the error code of a failed validation, in the errors namespace.
        if (!Object.hasOwn(errorStatus, `validation.${match[1]}`)) keys.add(match[1] ?? '');
      }
    }
    expect(keys.size).toBeGreaterThan(10);
    expect(missingIn('validation', keys)).toEqual([]);
  });

  it('no handler writes a message as a literal', () => {
    const offenders = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\bmsg:\s*(['"`])(?!\1)[^'"`]*\p{L}/gu)].map(() => relative(SERVER_SRC, file)),
    );
    expect(offenders).toEqual([]);
  });
});
