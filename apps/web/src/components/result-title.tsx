import type { ReactNode } from 'react';

/**
 * The heading of a full-page Result (404, empty reader, password help): the page's h1, at the size of the
 * other page titles rather than antd's display size.
 */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4 }}>{children}</h1>;
}
