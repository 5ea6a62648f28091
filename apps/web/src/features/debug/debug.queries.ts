/**
 * The debug panel's query keys. A visitor's answers (a share's or composed project's view of the same doc)
 * are kept apart from the signed-in person's by the visitor scope.
 */
export const debugKeys = {
  config: (docId: string, scope = 'user') => ['debug', docId, 'config', scope] as const,
  values: (docId: string) => ['debug', docId, 'values'] as const,
  scripts: (docId: string) => ['debug', docId, 'scripts'] as const,
  visitorScripts: (docId: string, scope: string) => ['debug', docId, 'scripts', scope] as const,
};
