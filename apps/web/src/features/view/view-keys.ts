/**
 * The query key of an application's environments: the reader, the light reader entry (reader-seed.ts) and
 * the environment settings (modules.queries.ts) share it, so an edit refreshes every list that shows them.
 */
export const environmentsKey = (moduleId: string) => ['environments', moduleId] as const;
