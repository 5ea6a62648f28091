import { DocDetail, Environment } from '@quire/shared';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { environmentsKey } from './view-keys.ts';

/** What the light reader entry already fetched: the answers' `data`, not yet checked against the contract. */
export interface ReaderSeed {
  docId: string;
  detail: unknown;
  environments: unknown;
}

/**
 * Puts the light entry's answers into the app's query cache, checked by the same schemas the API client uses,
 * so the app shows the doc it takes over without fetching it again. Anything that does not parse is left
 * out and fetched as usual.
 */
export function seedReader(client: QueryClient, seed: ReaderSeed): void {
  const detail = DocDetail.safeParse(seed.detail);
  if (!detail.success) return;
  client.setQueryData(['docs', 'detail', seed.docId], detail.data);
  const environments = z.array(Environment).safeParse(seed.environments);
  if (environments.success) client.setQueryData(environmentsKey(detail.data.moduleId), environments.data);
}
