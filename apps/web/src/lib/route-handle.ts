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
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'breadcrumb' in value;
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
