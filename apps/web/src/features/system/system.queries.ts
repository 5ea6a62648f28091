import { queryOptions } from '@tanstack/react-query';
import { getSystemConfig, getViewConfig, listLanguages } from './system.api.ts';

/** Server settings change rarely (an admin toggles registration); five minutes of freshness is plenty. */
const SETTINGS_STALE_MS = 5 * 60_000;

export const systemKeys = {
  viewConfig: ['system', 'viewConfig'] as const,
  languages: ['system', 'languages'] as const,
  config: ['system', 'config'] as const,
};

/** `GET /api/system/viewConfig`. */
export function viewConfigQuery() {
  return queryOptions({
    queryKey: systemKeys.viewConfig,
    queryFn: getViewConfig,
    staleTime: SETTINGS_STALE_MS,
  });
}

/** `GET /api/system/i18n/lang/list`. */
export function languagesQuery() {
  return queryOptions({
    queryKey: systemKeys.languages,
    queryFn: listLanguages,
    staleTime: SETTINGS_STALE_MS,
  });
}

/** `GET /api/system/config`: the sign-in sources that are on. */
export function systemConfigQuery() {
  return queryOptions({
    queryKey: systemKeys.config,
    queryFn: getSystemConfig,
    staleTime: SETTINGS_STALE_MS,
  });
}
