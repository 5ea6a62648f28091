import { queryOptions } from '@tanstack/react-query';
import { listSpaces } from './spaces.api.ts';

export const spaceKeys = {
  all: ['spaces'] as const,
  list: ['spaces', 'list'] as const,
};

/** The spaces the user can see, for the dashboard. */
export function spacesQuery() {
  return queryOptions({ queryKey: spaceKeys.list, queryFn: listSpaces });
}
