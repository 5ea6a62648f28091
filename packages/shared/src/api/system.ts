import { z } from 'zod';
import { ViewConfig } from './auth.ts';
import { defineCall } from './contract.ts';

/** Query of `GET /api/system/i18n/get`. */
export const I18nQuery = z.object({ lang: z.string().trim().max(20).optional() });

/** Answer: the server-stored pack for the language (merged over the built-in strings by the client). */
export const I18nContent = z.object({
  content: z.record(z.string(), z.unknown()).nullable(),
  defaultLang: z.string(),
  userLang: z.string().nullable(),
});
export type I18nContent = z.infer<typeof I18nContent>;

/** One entry of `GET /api/system/i18n/lang/list`. */
export const LangOption = z.object({ lang: z.string(), description: z.string() });
export type LangOption = z.infer<typeof LangOption>;
export const LangList = z.array(LangOption);

export const systemI18nGet = defineCall({
  method: 'GET',
  path: '/api/system/i18n/get',
  query: I18nQuery,
  response: I18nContent,
  access: 'optional',
});

export const systemI18nLangList = defineCall({
  method: 'GET',
  path: '/api/system/i18n/lang/list',
  response: LangList,
  access: 'public',
});

export const systemViewConfig = defineCall({
  method: 'GET',
  path: '/api/system/viewConfig',
  response: ViewConfig,
  access: 'public',
});
