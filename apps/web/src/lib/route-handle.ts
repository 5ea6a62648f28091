import type { UIMatch } from 'react-router';

/** One breadcrumb step after "Home". */
export interface CrumbLink {
  label: string;
  to?: string;
}

/**
 * What a route may declare in its `handle`. Space and project pages fill the breadcrumb from their loader
 * data (`match.data`), so the top bar never fetches names itself.
 */
export interface RouteHandle {
  breadcrumb?: (match: UIMatch) => { space?: CrumbLink; project?: CrumbLink };
  /** Which menu the left rail shows under this route (the home menu when no route names one). */
  rail?: RailKind;
}

/** The left rail's menus: a space's, a project's, or the admin console's. */
export type RailKind = 'space' | 'project' | 'admin';

/** The rail menu the matched routes ask for, with the route match that asked (for its params and data). */
export interface RailRequest {
  kind: RailKind;
  match: UIMatch;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && ('breadcrumb' in value || 'rail' in value);
}

/** The rail menu of the deepest matched route that names one, or null for the home menu. */
export function collectRail(matches: readonly UIMatch[]): RailRequest | null {
  let found: RailRequest | null = null;
  for (const match of matches) {
    if (isRouteHandle(match.handle) && match.handle.rail) found = { kind: match.handle.rail, match };
  }
  return found;
}

/** Collects the space and project steps declared by the matched routes; deeper routes win. */
export function collectBreadcrumb(matches: readonly UIMatch[]): { space?: CrumbLink; project?: CrumbLink } {
  const crumbs: { space?: CrumbLink; project?: CrumbLink } = {};
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || !match.handle.breadcrumb) continue;
    const found = match.handle.breadcrumb(match);
    if (found.space) crumbs.space = found.space;
    if (found.project) crumbs.project = found.project;
  }
  return crumbs;
}
