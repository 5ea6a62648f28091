import type { ReaderHost, ReaderLabels } from '@quire/reader';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { renderMarkdownSafe, sanitizeHtml } from '../docs/safe-html.ts';

const copy = (text: string) => void copyText(text);

/**
 * The doc page's host inside the app: strings from i18next (so an uploaded language pack applies), DOMPurify,
 * and the app's clipboard with its toasts.
 */
export function useAppReaderHost(): ReaderHost {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      labels: t('docPage', { returnObjects: true }) as ReaderLabels,
      language,
      sanitizeHtml,
      renderMarkdown: renderMarkdownSafe,
      copy,
    }),
    // `t` changes identity when the language or its resources change.
    [t, language],
  );
}
