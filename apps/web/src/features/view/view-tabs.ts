import type { ViewTab } from './view-prefs.ts';

/** Tab list operations of the reader; pure, so the bar and its tests share them. */

/**
 * Adds a tab at the end, or renames the open one; answers the same list when nothing changes. With
 * `keepOthers` off (the user turned "Open docs as tabs" off in their settings) the doc replaces the others.
 */
export function openTab(tabs: ViewTab[], tab: ViewTab, keepOthers = true): ViewTab[] {
  if (!keepOthers && tabs.some((t) => t.docId !== tab.docId))
    tabs = tabs.filter((t) => t.docId === tab.docId);
  const at = tabs.findIndex((t) => t.docId === tab.docId);
  if (at < 0) return [...tabs, tab];
  if (tabs[at]?.title === tab.title || !tab.title) return tabs;
  return tabs.map((t, i) => (i === at ? tab : t));
}

export type CloseKind = 'self' | 'others' | 'left' | 'right';

/** The tabs left after closing relative to `docId`. */
export function closeTabs(tabs: ReadonlyArray<ViewTab>, docId: string, kind: CloseKind): ViewTab[] {
  const at = tabs.findIndex((t) => t.docId === docId);
  if (at < 0) return [...tabs];
  switch (kind) {
    case 'self':
      return tabs.filter((t) => t.docId !== docId);
    case 'others':
      return tabs.filter((t) => t.docId === docId);
    case 'left':
      return tabs.slice(at);
    case 'right':
      return tabs.slice(0, at + 1);
  }
}

/** The tab to show after the active one closed: its right neighbour, else its left one, else none. */
export function nextActive(before: ReadonlyArray<ViewTab>, after: ReadonlyArray<ViewTab>, active: string) {
  if (after.some((t) => t.docId === active)) return active;
  const at = before.findIndex((t) => t.docId === active);
  for (let i = at + 1; i < before.length; i++) {
    const id = before[i]?.docId;
    if (id && after.some((t) => t.docId === id)) return id;
  }
  for (let i = at - 1; i >= 0; i--) {
    const id = before[i]?.docId;
    if (id && after.some((t) => t.docId === id)) return id;
  }
  return null;
}

/** Moves the tab `docId` to the place of `targetId` (drag and drop). */
export function moveTab(tabs: ReadonlyArray<ViewTab>, docId: string, targetId: string): ViewTab[] {
  const from = tabs.findIndex((t) => t.docId === docId);
  const to = tabs.findIndex((t) => t.docId === targetId);
  if (from < 0 || to < 0 || from === to) return [...tabs];
  const out = [...tabs];
  const [moved] = out.splice(from, 1);
  if (moved) out.splice(to, 0, moved);
  return out;
}
