import { z } from 'zod';

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
