/** The query key of an application's environments; the light reader entry seeds it too (reader-seed.ts). */
export const environmentsKey = (moduleId: string) => ['modules', moduleId, 'environments'] as const;
