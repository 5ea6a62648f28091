import type { RecentExport } from '@quire/shared';
import { queryOptions } from '@tanstack/react-query';
import { listRecentExports } from './export.api.ts';

export const exportKeys = {
  all: ['export'] as const,
  recent: (moduleId: string) => ['export', 'recent', moduleId] as const,
};

/** How often the list is read again while one of its exports waits or runs. */
const POLL_MS = 1000;

const isActive = (item: Pick<RecentExport, 'status'>) =>
  item.status === 'queued' || item.status === 'running';

/** The caller's recent exports of an application, polled while any of them waits or runs. */
export function recentExportsQuery(moduleId: string) {
  return queryOptions({
    queryKey: exportKeys.recent(moduleId),
    queryFn: ({ signal }) => listRecentExports(moduleId, { signal }),
    refetchInterval: (query) => ((query.state.data ?? []).some(isActive) ? POLL_MS : false),
  });
}
