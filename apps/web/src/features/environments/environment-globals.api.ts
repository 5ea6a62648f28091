import {
  type EnvironmentGlobalsSaveRequest,
  moduleEnvironmentGlobalsGet,
  moduleEnvironmentGlobalsSave,
} from '@quire/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type RequestOptions } from '../../lib/api-client.ts';
import { globalsKeys } from './environment-globals.queries.ts';

/** `GET /api/module/environment/globals/get`: an environment's global headers, params and returns. */
export function getEnvironmentGlobals(environmentId: string, options?: RequestOptions) {
  return call(moduleEnvironmentGlobalsGet, { environmentId }, options);
}

/** `POST /api/module/environment/globals/save`: replaces the three tables. */
export function saveEnvironmentGlobals(body: EnvironmentGlobalsSaveRequest) {
  return call(moduleEnvironmentGlobalsSave, body);
}

export function environmentGlobalsQuery(environmentId: string) {
  return queryOptions({
    queryKey: globalsKeys.one(environmentId),
    queryFn: ({ signal }) => getEnvironmentGlobals(environmentId, { signal }),
  });
}

/** Saves and puts the server's answer (ids assigned, descriptions sanitized) in the cache. */
export function useSaveEnvironmentGlobals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEnvironmentGlobals,
    onSuccess: (saved) => queryClient.setQueryData(globalsKeys.one(saved.environmentId), saved),
  });
}
