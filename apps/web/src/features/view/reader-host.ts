import type { ReaderHost, ReaderLabels } from '@quire/reader';
import { docPage } from '@quire/shared/i18n/en/doc-page';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { translateKey } from '../../lib/i18n.ts';
import { renderMarkdownSafe, sanitizeHtml } from '../docs/safe-html.ts';

const copy = (text: string) => void copyText(text);

const KEYS = Object.keys(docPage) as Array<keyof ReaderLabels>;

/** Each string of the doc page through `t`, so a key missing from an uploaded pack falls back like any other. */
function labelsOf(t: TFunction): ReaderLabels {
  return Object.fromEntries(KEYS.map((key) => [key, translateKey(t, `docPage.${key}`)])) as ReaderLabels;
}

/**
 * The doc page's host inside the app: strings from i18next (so an uploaded language pack applies), DOMPurify,
 * and the app's clipboard with its toasts.
 */
export function useAppReaderHost(): ReaderHost {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      labels: labelsOf(t),
      language,
      sanitizeHtml,
      renderMarkdown: renderMarkdownSafe,
      copy,
    }),
    // `t` changes identity when the language or its resources change.
    [t, language],
  );
}
