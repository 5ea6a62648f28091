import { Input } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdownSafe } from '../safe-html.ts';

/** A Markdown editor with a live preview: raw HTML off, links limited, the result sanitized with DOMPurify. */
export function MarkdownEditor({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(value);
  const html = useMemo(() => renderMarkdownSafe(deferred), [deferred]);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: 12 }}>
      <Input.TextArea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={t('doc.richText')}
        autoSize={{ minRows: 18, maxRows: 40 }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
      />
      <section
        aria-label={t('doc.markdownPreview')}
        className="quire-markdown-preview"
        style={{
          border: '1px solid rgba(5,5,5,0.06)',
          borderRadius: 6,
          padding: '8px 16px',
          overflow: 'auto',
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html off, then DOMPurify
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
