import { useSyncExternalStore } from 'react';

/** The colour theme chosen on this browser: follow the system (the default), or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

// Read by public/reader-boot.js too (before any bundle runs), so keep the two in step.
export const THEME_KEY = 'quire.theme';

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Puts the choice on <html data-theme>: the app's and the reader's CSS resolve their colours with
 * `light-dark()` against the `color-scheme` that attribute sets; without it they follow the system.
 */
export function applyThemeChoice(choice: ThemeChoice = readThemeChoice()): void {
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
}

/** Remembers the choice on this browser and applies it everywhere at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Not remembered (private window, full quota); it still applies to this page.
  }
  applyThemeChoice(choice);
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
  dark?.addEventListener('change', onChange);
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY) return;
    applyThemeChoice();
    onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    dark?.removeEventListener('change', onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The theme in effect: the choice, or the system's when following it. */
export function resolvedTheme(): 'light' | 'dark' {
  const choice = readThemeChoice();
  if (choice !== 'system') return choice;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The choice on this browser, re-rendering when it changes here or in another tab. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}

/** The theme in effect, re-rendering when the choice or the system's preference changes. */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, resolvedTheme, () => 'light');
}
