import type { ViewNodeWire } from '@quire/shared';
import { Input, theme } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { ThemeSelect } from '../../../components/theme-select.tsx';
import { ViewTree } from '../../view/components/view-tree.tsx';
import { parentIds, readTree, type TreeItem } from '../../view/view-tree.ts';
import styles from './visitor-shell.module.css';

/**
 * The frame of the `/share` and `/show` pages: a title bar with the theme and language selects, the tree of what is
 * shared (folders open), an optional list below it (a composed project's additional pages), and the page.
 */
export function VisitorShell({
  title,
  menu,
  currentId,
  onOpenDoc,
  aside,
  children,
}: {
  title: string;
  menu: ReadonlyArray<ViewNodeWire> | undefined;
  currentId: string | undefined;
  onOpenDoc(docId: string): void;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const roots = useMemo(() => readTree(menu ?? []), [menu]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const expanded = useMemo(() => new Set(parentIds(roots).filter((id) => !closed.has(id))), [roots, closed]);
  const toggle = useCallback((id: string, open: boolean) => {
    setClosed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const open = useCallback((item: TreeItem) => onOpenDoc(item.id), [onOpenDoc]);
  const bar = { background: token.colorBgContainer, borderColor: token.colorBorderSecondary };

  return (
    <div className={styles.shell} style={{ background: token.colorBgLayout, color: token.colorText }}>
      {/* Past the header and the doc menu straight to the doc (WCAG 2.4.1). */}
      <a href="#main-content" className="q-skip-link">
        {t('layout.skipToContent')}
      </a>
      <header
        className={styles.header}
        style={{ ...bar, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <h1 className={styles.title} style={{ margin: 0 }}>
          {title}
        </h1>
        <ThemeSelect />
        <LanguageSelect />
      </header>
      <div className={styles.body}>
        {menu ? (
          <nav
            className={styles.sidebar}
            aria-label={t('sharing.menu')}
            style={{ ...bar, borderRight: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Input.Search
              allowClear
              size="small"
              aria-label={t('docMenu.filter')}
              placeholder={t('docMenu.filter')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
            <ViewTree
              roots={roots}
              expanded={expanded}
              filter={filter.trim().toLowerCase()}
              currentDocId={currentId}
              onToggle={toggle}
              onOpen={open}
            />
            {aside}
          </nav>
        ) : null}
        <main id="main-content" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
