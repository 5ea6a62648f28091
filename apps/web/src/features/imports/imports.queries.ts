import type { Job, ModuleImportStatus } from '@quire/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { docKeys } from '../docs/docs.queries.ts';
import { moduleKeys } from '../modules/modules.queries.ts';
import {
  cancelJob,
  getJob,
  getModuleSource,
  listImportStatus,
  refreshSwagger,
  startSwaggerImport,
  updateModuleSource,
  uploadImport,
} from './imports.api.ts';

export const importKeys = {
  all: ['imports'] as const,
  status: (projectId: string) => ['imports', 'status', projectId] as const,
  job: (id: string) => ['imports', 'job', id] as const,
  source: (moduleId: string) => ['imports', 'source', moduleId] as const,
};

/** How often a running job is polled. */
const POLL_MS = 700;

export function isActive(job: Pick<Job, 'status'> | null | undefined): boolean {
  return job?.status === 'queued' || job?.status === 'running';
}

/** A job, polled while it runs. */
export function jobQuery(id: string) {
  return queryOptions({
    queryKey: importKeys.job(id),
    queryFn: ({ signal }) => getJob(id, { signal }),
    refetchInterval: (query) => (!query.state.data || isActive(query.state.data) ? POLL_MS : false),
  });
}

/** Import status of a project's applications, polled while one of them synchronizes. */
export function importStatusQuery(projectId: string) {
  return queryOptions({
    queryKey: importKeys.status(projectId),
    queryFn: ({ signal }) => listImportStatus(projectId, { signal }),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((s: ModuleImportStatus) => isActive(s.job)) ? POLL_MS : false,
  });
}

export function moduleSourceQuery(moduleId: string) {
  return queryOptions({
    queryKey: importKeys.source(moduleId),
    queryFn: ({ signal }) => getModuleSource(moduleId, { signal }),
  });
}

/**
 * After a job ends: the application (renamed after its source, or removed after a failure), the import
 * lists, and the docs and dictionaries the job wrote, which a doc tree loaded while it ran does not show.
 */
export function invalidateAfterJob(queryClient: QueryClient, moduleId: string): void {
  void queryClient.invalidateQueries({ queryKey: moduleKeys.all });
  void queryClient.invalidateQueries({ queryKey: importKeys.all });
  void queryClient.invalidateQueries({ queryKey: docKeys.all });
  void queryClient.invalidateQueries({ queryKey: docKeys.enums(moduleId) });
}

/** Cancels a job; the job's own query and the lists show the result. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.job(job.id), job);
      invalidateAfterJob(queryClient, job.moduleId);
    },
  });
}

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: importKeys.all });
    void queryClient.invalidateQueries({ queryKey: moduleKeys.all });
  };
}

export function useStartSwaggerImport() {
  return useMutation({ mutationFn: startSwaggerImport, onSuccess: useRefreshLists() });
}

export function useUploadImport() {
  return useMutation({
    mutationFn: (input: {
      kind: 'swagger' | 'postman' | 'markdown';
      projectId: string;
      file: File;
      moduleId?: string | undefined;
    }) => uploadImport(input.kind, input.projectId, input.file, input.moduleId),
    onSuccess: useRefreshLists(),
  });
}

export function useRefreshSwagger() {
  return useMutation({ mutationFn: refreshSwagger, onSuccess: useRefreshLists() });
}

export function useUpdateModuleSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModuleSource,
    onSuccess: (source) => queryClient.setQueryData(importKeys.source(source.moduleId), source),
  });
}
