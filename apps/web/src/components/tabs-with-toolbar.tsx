import { Tabs, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import styles from './tabs-with-toolbar.module.css';

/**
 * Tabs with buttons at the end of their bar. antd's `tabBarExtraContent` puts the buttons inside the element
 * with role="tablist", where only tabs may be (WAI-ARIA; axe `aria-required-children`), so a screen reader
 * announces them as broken tabs. Here they sit beside the tab list instead, looking the same.
 */
export function TabsWithToolbar({ toolbar, ...props }: TabsProps & { toolbar: ReactNode }) {
  return (
    <div className={styles.row}>
      <Tabs {...props} className={`${styles.tabs} ${props.className ?? ''}`} />
      {toolbar ? <div className={styles.toolbar}>{toolbar}</div> : null}
    </div>
  );
}
