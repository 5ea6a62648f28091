import type { ReactNode } from 'react';

/**
 * A drawer's title as a level-2 heading. antd renders a drawer's title as a plain `div`, so the headings
 * inside the drawer (a panel's "Response", a list's item titles) followed the page's last heading with a gap
 * (axe `heading-order`; screen readers list the drawer without its name). The drawer starts its own section
 * under the page's `h1`; `.q-drawer-title` keeps antd's look.
 */
export function DrawerTitle({ children }: { children: ReactNode }) {
  return <h2 className="q-drawer-title">{children}</h2>;
}
