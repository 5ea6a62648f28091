import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { StorageKeys } from '@quire/shared';
import { Button, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { LogoMark } from '../components/logo.tsx';
import { ThemeSelect } from '../components/theme-select.tsx';
import { MessageBell } from '../features/messages/components/message-bell.tsx';
import { writeLastModule } from '../features/modules/last-module.ts';
import { UserMenu } from '../features/user/components/user-menu.tsx';
import { SearchDialog } from '../features/view/components/search-dialog.tsx';
import { SidebarResizer } from '../features/view/components/sidebar-resizer.tsx';
import { ViewSidebar } from '../features/view/components/view-sidebar.tsx';
import { ViewTabBar } from '../features/view/components/view-tab-bar.tsx';
import { useViewNavigator } from '../features/view/use-view-navigator.ts';
import { getModuleOfDoc } from '../features/view/view.api.ts';
import type { ViewContext } from '../features/view/view-context.ts';
import { readTabs, readWidth, type ViewTab, writeTabs, writeWidth } from '../features/view/view-prefs.ts';
import { type CloseKind, closeTabs, moveTab, nextActive, openTab } from '../features/view/view-tabs.ts';
import type { TreeItem } from '../features/view/view-tree.ts';
import { findItem } from '../features/view/view-tree.ts';
import { readFlag, writeFlag } from '../lib/storage.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { MOBILE_QUERY, VIEW_SIDEBAR_QUERY } from './breakpoints.ts';
import styles from './view-layout.module.css';

/**
 * The reader ("preview mode"): a resizable doc sidebar (50-800 px, default 300), a top bar with the sidebar
 * toggle, the way back to management, search, the bell and the user menu, then the open docs as tabs. The open
 * state is remembered; below 1000 px the sidebar starts hidden and opens over the page, and below 992 px
 * (mobile) it closes.
 */
export function ViewLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { docId } = useParams();
  const isNarrow = useMediaQuery(VIEW_SIDEBAR_QUERY);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [isOpenWide, setIsOpenWide] = useState(() => readFlag(StorageKeys.sidebarOpen, true));
  const [isOpenNarrow, setIsOpenNarrow] = useState(false);
  const [width, setWidth] = useState(readWidth);
  const [tabs, setTabs] = useState<ViewTab[]>(readTabs);
  // "Open docs as tabs" of the user's system settings (on by default): off, a doc replaces the open one.
  const [keepTabs] = useState(() => readFlag(StorageKeys.docViewTabSwitch, true));
  const [searchOpen, setSearchOpen] = useState(false);
  const nav = useViewNavigator(docId);
  const isOpen = isNarrow ? isOpenNarrow : isOpenWide;

  useEffect(() => {
    if (!isNarrow || isMobile) setIsOpenNarrow(false);
  }, [isNarrow, isMobile]);

  const updateTabs = useCallback((update: (current: ViewTab[]) => ViewTab[]) => {
    setTabs((current) => {
      const next = update(current);
      if (next !== current) writeTabs(next);
      return next;
    });
  }, []);

  // The open doc always has a tab; its title comes from the tree now, or from the doc once it loads.
  const treeLabel = docId ? findItem(nav.roots, docId)?.label : undefined;
  useEffect(() => {
    if (docId) updateTabs((current) => openTab(current, { docId, title: treeLabel ?? '' }, keepTabs));
  }, [docId, treeLabel, updateTabs, keepTabs]);

  // Once the tree is up, the doc page's code loads in the background: the first doc opens without waiting for
  // it (compiling the table and code panels is most of the cost of a first open).
  const treeReady = nav.tree.isSuccess;
  useEffect(() => {
    if (!treeReady) return;
    const load = () => void import('../pages/view-doc-page.tsx');
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, [treeReady]);

  // Ctrl+K / Cmd+K opens search from anywhere in the reader.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openDoc = useCallback(
    (id: string) => {
      void navigate(`/view/${id}`);
      if (isNarrow) setIsOpenNarrow(false);
    },
    [navigate, isNarrow],
  );

  const closeTab = (id: string, kind: CloseKind) => {
    const after = closeTabs(tabs, id, kind);
    updateTabs(() => after);
    if (!docId) return;
    const next = nextActive(tabs, after, docId);
    if (next !== docId) void navigate(next ? `/view/${next}` : '/view');
  };

  const handleToggle = () => {
    if (isNarrow) {
      setIsOpenNarrow((open) => !open);
      return;
    }
    setIsOpenWide((open) => {
      writeFlag(StorageKeys.sidebarOpen, !open);
      return !open;
    });
  };

  const goManage = async () => {
    if (docId) {
      try {
        const module = await getModuleOfDoc(docId, { silent: true });
        writeLastModule(module.projectId, module.id);
        void navigate(`/project/doc/${module.projectId}`);
        return;
      } catch {
        // the doc is gone or unreadable: fall back to the project in the sidebar
      }
    }
    void navigate(nav.projectId ? `/project/doc/${nav.projectId}` : '/dashboard');
  };

  const renameTab = useCallback(
    (id: string, title: string) => updateTabs((current) => openTab(current, { docId: id, title })),
    [updateTabs],
  );
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const context = useMemo<ViewContext>(() => ({ nav, renameTab, openSearch }), [nav, renameTab, openSearch]);

  return (
    <div className={styles.shell}>
      <a href="#main-content" className="q-skip-link">
        {t('layout.skipToContent')}
      </a>
      {isOpen ? (
        <aside
          className={`${styles.sidebar} ${isNarrow ? styles.overlay : ''}`}
          style={{ width: isNarrow ? Math.min(width, 360) : width }}
          aria-label={t('view.sidebarTitle')}
          data-testid="view-sidebar"
        >
          <Link to="/view" className={styles.brand}>
            <LogoMark size={26} />
            <span>Quire</span>
          </Link>
          <ViewSidebar nav={nav} currentDocId={docId} onOpen={(item: TreeItem) => openDoc(item.id)} />
          {isNarrow ? null : (
            <SidebarResizer
              width={width}
              onResize={setWidth}
              onCommit={(value) => {
                setWidth(value);
                writeWidth(value);
              }}
            />
          )}
        </aside>
      ) : null}
      {isNarrow && isOpen ? (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={t('layout.toggleMenu')}
          onClick={() => setIsOpenNarrow(false)}
        />
      ) : null}
      <div className={styles.main}>
        <header className={styles.bar}>
          <Button
            type="text"
            icon={isOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('layout.toggleMenu')}
            aria-expanded={isOpen}
            onClick={handleToggle}
          />
          <Button icon={<AppstoreOutlined />} onClick={() => void goManage()}>
            {t('layout.managementModel')}
          </Button>
          <span className={styles.spacer} />
          <Tooltip title="Ctrl K / ⌘ K">
            <Button
              icon={<SearchOutlined />}
              onClick={() => setSearchOpen(true)}
              aria-keyshortcuts="Control+K Meta+K"
            >
              {t('reader.search')}
            </Button>
          </Tooltip>
          <ThemeSelect />
          <MessageBell />
          <UserMenu />
        </header>
        {keepTabs ? (
          <ViewTabBar
            tabs={tabs}
            activeId={docId}
            onSelect={(id) => void navigate(`/view/${id}`)}
            onClose={closeTab}
            onMove={(id, target) => updateTabs((current) => moveTab(current, id, target))}
          />
        ) : null}
        <main id="main-content" className={styles.content} tabIndex={-1}>
          <Outlet context={context} />
        </main>
      </div>
      <SearchDialog
        open={searchOpen}
        releaseId={nav.releaseId}
        onClose={() => setSearchOpen(false)}
        onOpen={(hit) => openDoc(hit.id)}
      />
    </div>
  );
}
