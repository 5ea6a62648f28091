export const mockKeys = {
  list: (docId: string) => ['mock', 'list', docId] as const,
};
