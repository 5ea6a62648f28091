import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { helpDocumentQuery } from '../help.queries.ts';
import { contentLanguage, type HelpPageId } from '../help-content.ts';
import { renderMarkdown } from '../markdown.ts';
import styles from './markdown-view.module.css';

/**
 * One help document in the current language. Links between help pages are followed by the router, so
 * moving around the help centre never reloads the app.
 */
export function MarkdownView({ name }: { name: HelpPageId | 'openapi' }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = contentLanguage(i18n.language);
  const doc = useQuery(helpDocumentQuery(name, lang));
  const html = useMemo(() => (doc.data ? renderMarkdown(doc.data) : ''), [doc.data]);

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank' || !href.startsWith('/') || href.startsWith('//'))
      return;
    event.preventDefault();
    void navigate(href);
  };

  if (doc.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (doc.isError) return <ErrorState onRetry={() => void doc.refetch()} />;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated clicks of the real links inside; pressing Enter on a link fires the same click.
    <article
      className={styles.markdown}
      lang={lang}
      onClick={handleClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML disabled and links validated.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
