import { Layout as Sizes } from '@quire/shared';
import { Card, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MarkdownView } from '../features/help/components/markdown-view.tsx';
import { HELP_PAGE_LABELS, HELP_PAGES, resolveHelpPage } from '../features/help/help-content.ts';
import { MOBILE_QUERY } from '../layouts/breakpoints.ts';
import { DocSiteLayout } from '../layouts/doc-site-layout.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import styles from './help-page.module.css';

/** `/help?id=`: the help centre, a menu of pages beside the chosen one (default `start`). */
export function HelpPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = resolveHelpPage(searchParams.get('id'));
  const isMobile = useMediaQuery(MOBILE_QUERY);
  useDocumentTitle(`${t(HELP_PAGE_LABELS[page])} · ${t('help.title')}`);

  const items = HELP_PAGES.map((id) => ({
    key: id,
    label: <Link to={`/help?id=${id}`}>{t(HELP_PAGE_LABELS[id])}</Link>,
  }));

  return (
    <DocSiteLayout>
      <div className={styles.wrap}>
        <nav
          className={styles.menu}
          aria-label={t('help.menuTitle')}
          style={{ width: isMobile ? undefined : Sizes.userMenuWidth }}
        >
          <Menu
            mode={isMobile ? 'horizontal' : 'inline'}
            selectedKeys={[page]}
            items={
              isMobile
                ? items
                : [{ type: 'group', key: 'guide', label: t('help.menuTitle'), children: items }]
            }
          />
        </nav>
        <Card className={styles.content}>
          <MarkdownView name={page} />
        </Card>
      </div>
    </DocSiteLayout>
  );
}
