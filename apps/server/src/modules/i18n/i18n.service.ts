import { BUILTIN_LANGS, type I18nContent, type LangOption } from '@quire/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../http/types.ts';
import { readDefaultLang } from '../system/settings.service.ts';
import { findPackByLang, listPacks } from './i18n.repository.ts';

const BUILTIN = new Set<string>(BUILTIN_LANGS.map((l) => l.lang));

/**
 * The server's strings for a language: the uploaded pack (merged over the built-in strings by the client),
 * the default language, and the caller's own choice. A language with neither a built-in nor an uploaded pack
 * is logged and answered with empty content; the client then falls back to zh-CN.
 */
export async function getI18n(
  db: Db,
  log: FastifyBaseLogger,
  actor: Actor | null,
  lang: string | undefined,
): Promise<I18nContent> {
  const defaultLang = await readDefaultLang(db);
  const wanted = lang || actor?.user.lang || defaultLang;
  const pack = await findPackByLang(db, wanted);
  let content: Record<string, unknown> | null = null;
  if (pack) {
    try {
      const parsed: unknown = JSON.parse(pack.content);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        content = parsed as Record<string, unknown>;
    } catch {
      log.warn({ lang: wanted }, 'stored language pack is not valid JSON; using built-in strings');
    }
  } else if (!BUILTIN.has(wanted)) {
    log.warn({ lang: wanted }, 'no language pack for this language; falling back to empty, then zh-CN');
    content = {};
  }
  return { content, defaultLang, userLang: actor?.user.lang ?? null };
}

/** Built-in languages followed by uploaded ones (an upload for zh-CN or en overrides, it does not duplicate). */
export async function listLanguages(db: Db): Promise<LangOption[]> {
  const uploaded = await listPacks(db);
  const list: LangOption[] = BUILTIN_LANGS.map((l) => ({ lang: l.lang, description: l.description }));
  for (const pack of uploaded) if (!BUILTIN.has(pack.lang)) list.push(pack);
  return list;
}

export type { PackDetailRow } from './i18n.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { deletePack, findPackById, findPackByLang, listPackDetails, upsertPack } from './i18n.repository.ts';
