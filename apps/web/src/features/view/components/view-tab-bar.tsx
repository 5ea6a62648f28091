import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewTab } from '../view-prefs.ts';
import type { CloseKind } from '../view-tabs.ts';
import styles from './view-tab-bar.module.css';

const ARROW_STEPS: Record<string, number | 'first' | 'last'> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  Home: 'first',
  End: 'last',
};

/**
 * Open docs as tabs: click to switch, × or middle click to close, drag to reorder, right click for close
 * others / to the left / to the right. Shown only when a tab is open.
 */
export function ViewTabBar({
  tabs,
  activeId,
  onSelect,
  onClose,
  onMove,
}: {
  tabs: ReadonlyArray<ViewTab>;
  activeId: string | undefined;
  onSelect(docId: string): void;
  onClose(docId: string, kind: CloseKind): void;
  onMove(docId: string, targetId: string): void;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  if (tabs.length === 0) return null;
  return (
    // A navigation landmark around the open docs, between the reader's banner and its main content.
    <nav aria-label={t('reader.tabs')}>
      <div className={styles.bar} role="tablist" aria-label={t('reader.tabs')}>
        {tabs.map((tab, index) => (
          <Dropdown
            key={tab.docId}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'self', label: t('common.close') },
                { key: 'others', label: t('reader.closeOthers'), disabled: tabs.length < 2 },
                { key: 'left', label: t('reader.closeLeft'), disabled: index === 0 },
                { key: 'right', label: t('reader.closeRight'), disabled: index === tabs.length - 1 },
              ],
              onClick: ({ key }) => onClose(tab.docId, key as CloseKind),
            }}
          >
            <div
              role="tab"
              // One tab stop for the whole list; the arrow keys move between tabs (WAI-ARIA tabs pattern).
              tabIndex={tab.docId === (activeId ?? tabs[0]?.docId) ? 0 : -1}
              aria-selected={tab.docId === activeId}
              aria-keyshortcuts="Delete"
              aria-description={t('reader.closeTabHint')}
              data-tab-id={tab.docId}
              className={[
                styles.tab,
                tab.docId === activeId ? styles.active : '',
                over === tab.docId ? styles.over : '',
              ]
                .filter(Boolean)
                .join(' ')}
              draggable
              title={tab.title}
              onClick={() => onSelect(tab.docId)}
              onKeyDown={(e) => {
                const step = ARROW_STEPS[e.key];
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(tab.docId);
                } else if (e.key === 'Delete') onClose(tab.docId, 'self');
                else if (step !== undefined) {
                  e.preventDefault();
                  const next = step === 'first' ? 0 : step === 'last' ? tabs.length - 1 : index + step;
                  const target = tabs[(next + tabs.length) % tabs.length];
                  if (!target) return;
                  onSelect(target.docId);
                  const list = e.currentTarget.parentElement;
                  requestAnimationFrame(() =>
                    list?.querySelector<HTMLElement>(`[data-tab-id="${target.docId}"]`)?.focus(),
                  );
                }
              }}
              onAuxClick={(e) => {
                if (e.button === 1) onClose(tab.docId, 'self');
              }}
              onDragStart={(e) => {
                setDragged(tab.docId);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', tab.docId);
              }}
              onDragOver={(e) => {
                if (!dragged) return;
                e.preventDefault();
                setOver(tab.docId);
              }}
              onDragLeave={() => setOver((id) => (id === tab.docId ? null : id))}
              onDrop={(e) => {
                e.preventDefault();
                const id = dragged ?? e.dataTransfer.getData('text/plain');
                if (id) onMove(id, tab.docId);
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              <span className={styles.title}>{tab.title || tab.docId}</span>
              {/*
              The × is for the pointer only: a button inside a tab is a control inside a control, which
              screen readers cannot reach (axe nested-interactive). The keyboard closes a tab with Delete, as
              the tab's description says.
            */}
              <span
                aria-hidden="true"
                className={styles.close}
                title={t('reader.closeTab', { 0: tab.title })}
                onClick={(e) => {
                  e.stopPropagation();
                  onClose(tab.docId, 'self');
                }}
              >
                <CloseOutlined />
              </span>
            </div>
          </Dropdown>
        ))}
      </div>
    </nav>
  );
}
