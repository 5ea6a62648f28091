import {
  type AdminSetting,
  type AdminSettingUpdateRequest,
  BUILTIN_LANGS,
  I18N_KEYS_REPORTED,
  type I18nSaveRequest,
} from '@quire/shared';
import { compareWithBuiltin } from '@quire/shared/i18n';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  deletePack,
  findPackById,
  findPackByLang,
  type PackDetailRow,
  upsertPack,
} from '../i18n/i18n.service.ts';
import {
  isRegistrationEnabled,
  readDefaultLang,
  setDefaultLang,
  setRegistrationEnabled,
} from '../system/settings.service.ts';

const BUILTIN = new Set<string>(BUILTIN_LANGS.map((l) => l.lang));

/** Keys that could reach an object's prototype when a client merges the pack; refused anywhere in it. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** How deep a pack may nest (namespaces, then keys); real packs use two levels. */
const MAX_DEPTH = 6;

/** The admin settings: registration on/off and the default language. */
export async function readAdminSettings(db: Db): Promise<AdminSetting> {
  return { enableReg: await isRegistrationEnabled(db), defaultLang: await readDefaultLang(db) };
}

/** True when a language has a built-in or uploaded pack. */
async function hasLanguage(db: Db, lang: string): Promise<boolean> {
  return BUILTIN.has(lang) || (await findPackByLang(db, lang)) !== undefined;
}

/** Changes the sent settings; a default language must have a pack. */
export async function updateAdminSettings(
  db: Db,
  input: z.output<typeof AdminSettingUpdateRequest>,
): Promise<AdminSetting> {
  if (input.defaultLang !== undefined && !(await hasLanguage(db, input.defaultLang))) {
    throw new AppError('i18n.lang_unknown', { args: [input.defaultLang] });
  }
  if (input.enableReg !== undefined) await setRegistrationEnabled(db, input.enableReg);
  if (input.defaultLang !== undefined) await setDefaultLang(db, input.defaultLang);
  return readAdminSettings(db);
}

/** Walks a pack: only objects and strings, no prototype keys, bounded depth; answers the first problem's path. */
function findProblem(node: unknown, path: string, depth: number): string | undefined {
  if (typeof node === 'string') return undefined;
  if (!node || typeof node !== 'object' || Array.isArray(node) || depth > MAX_DEPTH) return path || '/';
  for (const [key, value] of Object.entries(node)) {
    const here = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) return here;
    const problem = findProblem(value, here, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** Parses and checks uploaded pack content: a JSON object of texts (nested objects allowed). */
export function parsePackContent(content: string | Record<string, unknown>): Record<string, unknown> {
  let parsed: unknown = content;
  if (typeof content === 'string') {
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new AppError('i18n.content_invalid', { args: ['JSON'] });
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('i18n.content_invalid', { args: ['{}'] });
  }
  const problem = findProblem(parsed, '', 0);
  if (problem) throw new AppError('i18n.content_invalid', { args: [problem] });
  return parsed as Record<string, unknown>;
}

/** What an uploaded pack lacks and adds, against the built-in packs' keys (lists cut at the reported count). */
export function packCompleteness(content: Record<string, unknown>) {
  const { missing, unknown } = compareWithBuiltin(content);
  return {
    missingCount: missing.length,
    missingKeys: missing.slice(0, I18N_KEYS_REPORTED),
    unknownCount: unknown.length,
    unknownKeys: unknown.slice(0, I18N_KEYS_REPORTED),
  };
}

/**
 * Creates or replaces the pack of a language. An incomplete pack is saved (its missing texts fall back to
 * the default language) and the answer lists the missing keys, so the admin can complete it.
 */
export async function savePack(
  db: Db,
  input: z.output<typeof I18nSaveRequest>,
): Promise<{ pack: PackDetailRow; completeness: ReturnType<typeof packCompleteness> }> {
  const content = parsePackContent(input.content);
  await upsertPack(db, {
    id: newId(),
    lang: input.lang,
    description: input.description,
    content: JSON.stringify(content),
    now: nowIso(),
  });
  const saved = await findPackByLang(db, input.lang);
  if (!saved) throw new AppError('i18n.pack_not_found');
  const detail = await findPackById(db, saved.id);
  if (!detail) throw new AppError('i18n.pack_not_found');
  return { pack: detail, completeness: packCompleteness(content) };
}

/** A pack with its content. */
export async function getPack(
  db: Db,
  id: string,
): Promise<{ pack: PackDetailRow; content: Record<string, unknown> }> {
  const pack = await findPackById(db, id);
  if (!pack) throw new AppError('i18n.pack_not_found');
  let content: Record<string, unknown> = {};
  try {
    content = parsePackContent(pack.content);
  } catch {
    content = {};
  }
  return { pack, content };
}

/** Deletes an uploaded pack; the pack of the default language (when not built in) must stay. */
export async function removePack(db: Db, id: string): Promise<void> {
  const pack = await findPackById(db, id);
  if (!pack) throw new AppError('i18n.pack_not_found');
  if (!BUILTIN.has(pack.lang) && pack.lang === (await readDefaultLang(db)))
    throw new AppError('i18n.pack_in_use');
  await deletePack(db, pack.id);
}
