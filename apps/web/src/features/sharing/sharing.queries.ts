import type { VisitorKind } from './visitor.api.ts';

export const shareKeys = {
  all: ['shares'] as const,
  page: (moduleId: string, pageIndex: number, pageSize: number) =>
    ['shares', 'page', moduleId, pageIndex, pageSize] as const,
  content: (id: string) => ['shares', 'content', id] as const,
  environments: (id: string) => ['shares', 'environments', id] as const,
};

/**
 * The query keys of a visitor page: the page itself and the light reader's seed (features/view/reader-seed.ts)
 * both write through them, so the seeded data is the data the page asks for.
 */
export const visitorKeys = {
  all: (kind: VisitorKind, id: string) => ['visitor', kind, id] as const,
  info: (kind: VisitorKind, id: string) => ['visitor', kind, id, 'info'] as const,
  menu: (kind: VisitorKind, id: string) => ['visitor', kind, id, 'menu'] as const,
  /** A composed project's extra pages (rich text or Markdown). */
  pages: (id: string) => ['visitor', 'show', id, 'pages'] as const,
  page: (id: string, pageId: string | undefined) => ['visitor', 'show', id, 'page', pageId] as const,
  /** A shared doc; a composed project's doc also by language (its gateway's environment name is translated). */
  doc: (kind: VisitorKind, id: string, docId: string | undefined, language?: string) =>
    (language === undefined
      ? ['visitor', kind, id, 'doc', docId]
      : ['visitor', kind, id, 'doc', docId, language]) as readonly unknown[],
};
