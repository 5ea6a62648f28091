import { Layout } from '@quire/shared';

/** Below 992 px the device counts as mobile: rails and side menus collapse. */
export const MOBILE_QUERY = `(max-width: ${Layout.mobileBreakpoint - 0.02}px)`;

/** Below 1000 px the view sidebar hides itself. */
export const VIEW_SIDEBAR_QUERY = `(max-width: ${Layout.viewSidebarCollapse - 0.02}px)`;
