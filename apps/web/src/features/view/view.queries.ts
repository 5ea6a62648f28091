/**
 * The query key of an application's environments: the reader, the light reader entry (reader-seed.ts) and
 * the environment settings (modules.queries.ts) share it, so an edit refreshes every list that shows them.
 */
export const environmentsKey = (moduleId: string) => ['environments', moduleId] as const;

/** The reader's other query keys: one factory, so the sidebar, the route's prefetch and pickers share them. */
export const viewKeys = {
  all: ['view'] as const,
  spaceTree: (spaceId: string | undefined) => ['view', 'tree', 'space', spaceId] as const,
  projectTree: (projectId: string | undefined) => ['view', 'tree', 'project', projectId] as const,
  projects: ['view', 'projects'] as const,
  search: (q: string) => ['view', 'search', q] as const,
  /** A release opened in the reader: its tree, its search and its frozen docs. */
  releaseTree: (releaseId: string) => ['view', 'release', releaseId, 'tree'] as const,
  releaseSearch: (releaseId: string, q: string) => ['view', 'release', releaseId, 'search', q] as const,
  releaseDoc: (releaseId: string, docId: string) => ['view', 'release', releaseId, 'doc', docId] as const,
  following: (docId: string) => ['view', 'following', docId] as const,
};
