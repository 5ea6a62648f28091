import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../features/help/components/markdown-view.tsx';
import { DocSiteLayout } from '../layouts/doc-site-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './help-page.module.css';

/** `/openapi`: how scripts and tools call the web API (and, later, the push API). */
export function OpenApiPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('openapi.title'));
  return (
    <DocSiteLayout>
      <Card className={`${styles.content} ${styles.article}`}>
        <MarkdownView name="openapi" />
      </Card>
    </DocSiteLayout>
  );
}
