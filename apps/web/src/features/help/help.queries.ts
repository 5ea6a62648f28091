import { type ContentLang, type HelpPageId, loadHelpDocument } from './help-content.ts';

export const helpKeys = {
  document: (name: HelpPageId | 'openapi', lang: ContentLang) => ['help', lang, name] as const,
};

/** Help pages never change while the app runs: fetched once per language and page. */
export const helpDocumentQuery = (name: HelpPageId | 'openapi', lang: ContentLang) => ({
  queryKey: helpKeys.document(name, lang),
  queryFn: () => loadHelpDocument(name, lang),
  staleTime: Number.POSITIVE_INFINITY,
});
