export const mockKeys = {
  list: (docId: string) => ['mock', 'list', docId] as const,
  base: (moduleId: string) => ['mock', 'base', moduleId] as const,
};
