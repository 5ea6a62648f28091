/**
 * A bridge from non-React code (the API client) to the router. The router registers its `navigate` at start,
 * so a lost session moves the user without a full page reload.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn | null = null;

/** Registers the router's navigate function; returns a function that unregisters it. */
export function registerNavigate(fn: NavigateFn): () => void {
  navigateImpl = fn;
  return () => {
    if (navigateImpl === fn) navigateImpl = null;
  };
}

/** Navigates through the registered router; a call before the router exists is dropped with a warning. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else console.warn(`navigation to ${to} requested before the router started`);
}

/** The path the browser shows now (path only, as the login redirect keeps it). */
export function currentPath(): string {
  return window.location.pathname;
}
