import type { TornaImportRequest } from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startTornaDryRun, startTornaImport } from './torna-import.api.ts';

/**
 * Starts a dry run or the import; the job is then followed with `jobQuery` (features/imports). After an
 * import every list may have changed (spaces, projects, users), so the whole cache is refetched when it ends
 * (`onImported`).
 */
export function useStartTorna() {
  return useMutation({
    mutationFn: ({ dryRun, body }: { dryRun: boolean; body: TornaImportRequest }) =>
      dryRun ? startTornaDryRun(body) : startTornaImport(body),
  });
}

/** Everything cached may be stale after an import brought a whole Torna in. */
export function useAfterTornaImport() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}
