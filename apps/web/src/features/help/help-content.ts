import type { TranslationKey } from '../../lib/i18n.ts';

/** The help centre's pages, in menu order. */
export const HELP_PAGES = [
  'start',
  'accounts',
  'signin',
  'roles',
  'organisation',
  'viewer',
  'import',
  'messages',
  'mock',
  'sharing',
  'debug',
] as const;
export type HelpPageId = (typeof HELP_PAGES)[number];

/** Menu label of each page. */
export const HELP_PAGE_LABELS: Record<HelpPageId, TranslationKey> = {
  start: 'help.pages.start',
  accounts: 'help.pages.accounts',
  signin: 'signin.helpPage',
  roles: 'help.pages.roles',
  organisation: 'help.pages.organisation',
  viewer: 'reader.helpTitle',
  import: 'imports.helpPage',
  mock: 'mock.tab',
  messages: 'subscription.helpPage',
  sharing: 'sharing.helpPage',
  debug: 'debug.helpPage',
};

/** Help documents written in each language; other languages read the English or Chinese text. */
export type ContentLang = 'zh-CN' | 'en';

// Each Markdown file becomes its own small chunk, downloaded when its page is opened.
const loaders = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default' });

/** The page an `?id=` selects; unknown or missing ids show the getting-started page. */
export function resolveHelpPage(id: string | null): HelpPageId {
  return HELP_PAGES.find((page) => page === id) ?? 'start';
}

/** Which written language serves a UI language: English for `en*`, Chinese otherwise (the default language). */
export function contentLanguage(lang: string): ContentLang {
  return lang === 'en' || lang.startsWith('en-') ? 'en' : 'zh-CN';
}

/** Loads a document's Markdown source (a help page or `openapi`). */

export async function loadHelpDocument(name: HelpPageId | 'openapi', lang: string): Promise<string> {
  const loader = loaders[`./content/${contentLanguage(lang)}/${name}.md`];
  if (!loader) throw new Error(`No help document "${name}"`);
  return loader();
}

/** Names of every bundled document per language, for the completeness test. */
export function bundledDocuments(): string[] {
  return Object.keys(loaders);
}
