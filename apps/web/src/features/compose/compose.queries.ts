export const composeKeys = {
  all: ['compose'] as const,
  list: (spaceId: string) => ['compose', 'list', spaceId] as const,
  docs: (projectId: string) => ['compose', 'docs', projectId] as const,
  setting: (projectId: string) => ['compose', 'setting', projectId] as const,
  pages: (projectId: string) => ['compose', 'pages', projectId] as const,
};
