export const globalsKeys = {
  one: (environmentId: string) => ['environments', 'globals', environmentId] as const,
};
