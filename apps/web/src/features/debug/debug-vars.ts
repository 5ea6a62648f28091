import type { Variables } from './debug-request.ts';

/**
 * Variables set by post scripts (a token from a login answer, used as `{{token}}` by the next request), per
 * application, for this tab only: kept in memory, never written to storage, so an API's token is not left
 * behind in the browser.
 */
const byModule = new Map<string, Variables>();

export function readVars(moduleId: string): Variables {
  return { ...(byModule.get(moduleId) ?? {}) };
}

export function writeVars(moduleId: string, vars: Variables): void {
  byModule.set(moduleId, { ...vars });
}
