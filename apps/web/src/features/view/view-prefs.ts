import { Layout, StorageKeys } from '@quire/shared';
import { readFlag, readJson, writeFlag, writeJson, writeText } from '../../lib/storage.ts';

/**
 * What the reader remembers on this browser, under Torna's keys where Torna had one: the dimension
 * (`torna.doc.view.dimension`, 1 space / 2 project, default 2), expand/collapse all
 * (`torna.doc.view.tree.trigger`), the space and project last browsed (`torna.spaceid`, `torna.projectid`);
 * and Quire's own: the expanded folders, the sidebar width, the open tabs and the card/grid choice.
 */
export const ViewKeys = {
  expanded: 'torna.doc.view.tree.expanded',
  width: 'torna.doc.view.sidebar.width',
  tabs: 'torna.doc.view.tabs',
  cardMode: 'torna.doc.view.card',
  release: 'quire.view.release',
} as const;

export type Dimension = 1 | 2;

function readText(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readDimension(): Dimension {
  return readText(StorageKeys.docViewDimension) === '1' ? 1 : 2;
}

export function writeDimension(value: Dimension): void {
  writeText(StorageKeys.docViewDimension, String(value));
}

/** Expand all (true) or collapse all (false); unset reads as collapsed. */
export function readTreeTrigger(): boolean {
  return readFlag(StorageKeys.docViewTreeTrigger, false);
}

export function writeTreeTrigger(expandAll: boolean): void {
  writeFlag(StorageKeys.docViewTreeTrigger, expandAll);
}

export function readExpanded(): Set<string> {
  const value = readJson(ViewKeys.expanded);
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
}

export function writeExpanded(ids: ReadonlySet<string>): void {
  writeJson(ViewKeys.expanded, [...ids]);
}

/** The sidebar width, within the drag limits (50-800 px, default 300). */
export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return Layout.viewSidebarWidth;
  return Math.min(Layout.dragMax, Math.max(Layout.dragMin, Math.round(width)));
}

export function readWidth(): number {
  const value = Number(readText(ViewKeys.width));
  return value ? clampWidth(value) : Layout.viewSidebarWidth;
}

export function writeWidth(width: number): void {
  writeText(ViewKeys.width, String(clampWidth(width)));
}

export function readSelection(): { spaceId: string | null; projectId: string | null } {
  return { spaceId: readText(StorageKeys.spaceId), projectId: readText(StorageKeys.projectId) };
}

export function writeSelection(spaceId: string | null, projectId: string | null): void {
  writeText(StorageKeys.spaceId, spaceId);
  writeText(StorageKeys.projectId, projectId);
}

/** An open tab: the doc and its title. */
export interface ViewTab {
  docId: string;
  title: string;
}

export function readTabs(): ViewTab[] {
  const value = readJson(ViewKeys.tabs);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (tab): tab is ViewTab =>
      typeof tab === 'object' &&
      tab !== null &&
      typeof (tab as ViewTab).docId === 'string' &&
      typeof (tab as ViewTab).title === 'string',
  );
}

export function writeTabs(tabs: ReadonlyArray<ViewTab>): void {
  writeJson(ViewKeys.tabs, tabs);
}

export function readCardMode(): boolean {
  return readFlag(ViewKeys.cardMode, true);
}

export function writeCardMode(card: boolean): void {
  writeFlag(ViewKeys.cardMode, card);
}

/** The release open in the reader, with its project (another project reads the docs as they are now). */
export interface ViewRelease {
  projectId: string;
  id: string;
}

export function readRelease(): ViewRelease | null {
  const value = readJson(ViewKeys.release) as Partial<ViewRelease> | null;
  return value && typeof value.projectId === 'string' && typeof value.id === 'string'
    ? { projectId: value.projectId, id: value.id }
    : null;
}

export function writeRelease(release: ViewRelease | null): void {
  if (release) writeJson(ViewKeys.release, release);
  else writeText(ViewKeys.release, null);
}
