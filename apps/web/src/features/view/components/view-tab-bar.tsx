import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewTab } from '../view-prefs.ts';
import type { CloseKind } from '../view-tabs.ts';
import styles from './view-tab-bar.module.css';

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
            tabIndex={0}
            aria-selected={tab.docId === activeId}
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
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(tab.docId);
              } else if (e.key === 'Delete') onClose(tab.docId, 'self');
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
            <button
              type="button"
              className={styles.close}
              aria-label={t('reader.closeTab', { 0: tab.title })}
              onClick={(e) => {
                e.stopPropagation();
                onClose(tab.docId, 'self');
              }}
            >
              <CloseOutlined />
            </button>
          </div>
        </Dropdown>
      ))}
    </div>
  );
}
