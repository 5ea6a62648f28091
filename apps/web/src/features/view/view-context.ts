import { useOutletContext } from 'react-router';
import type { ViewNavigator } from './use-view-navigator.ts';

/** What the reader's layout hands its pages. */
export interface ViewContext {
  nav: ViewNavigator;
  /** Gives the open doc's tab its title once the doc has loaded. */
  renameTab(docId: string, title: string): void;
  openSearch(): void;
}

export function useViewContext(): ViewContext {
  return useOutletContext<ViewContext>();
}
