import {
  ComposePageTitle,
  DocDetail,
  Environment,
  PublicComposeProject,
  PublicDoc,
  PublicShare,
  ShareMenu,
} from '@quire/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { visitorKeys } from '../sharing/visitor.api.ts';
import { environmentsKey } from './view-keys.ts';

/**
 * What the light reader entry already fetched: the answers' `data`, not yet checked against the contract.
 * `view` is a signed-in reader's doc; `share` and `show` are the public pages of a share and of a composed
 * project (their frame's info, tree and, for a composed project, its additional pages).
 */
export type ReaderSeed =
  | { kind: 'view'; docId: string; detail: unknown; environments: unknown }
  | { kind: 'share'; id: string; docId: string; detail: unknown; info: unknown; menu: unknown }
  | {
      kind: 'show';
      id: string;
      docId: string;
      /** The language the doc was asked in: a composed project's gateway is named in it. */
      language: string;
      detail: unknown;
      info: unknown;
      menu: unknown;
      pages: unknown;
    };

/** Puts one answer in the cache under `key` when it parses; anything else is left to be fetched as usual. */
function put(client: QueryClient, key: QueryKey, schema: z.ZodType, data: unknown): boolean {
  const parsed = schema.safeParse(data);
  if (parsed.success) client.setQueryData(key, parsed.data);
  return parsed.success;
}

/**
 * Puts the light entry's answers into the app's query cache under the keys the app's pages read, checked by
 * the same schemas the API client uses, so the app shows the doc it takes over without fetching it again.
 */
export function seedReader(client: QueryClient, seed: ReaderSeed): void {
  if (seed.kind === 'view') {
    const detail = DocDetail.safeParse(seed.detail);
    if (!detail.success) return;
    client.setQueryData(['docs', 'detail', seed.docId], detail.data);
    put(client, environmentsKey(detail.data.moduleId), z.array(Environment), seed.environments);
    return;
  }
  const keys = visitorKeys.all(seed.kind, seed.id);
  // The frame first: a page whose info did not parse fetches everything again, so its doc is left out too.
  if (!put(client, [...keys, 'info'], seed.kind === 'share' ? PublicShare : PublicComposeProject, seed.info))
    return;
  put(client, [...keys, 'menu'], ShareMenu, seed.menu);
  if (seed.kind === 'share') put(client, [...keys, 'doc', seed.docId], PublicDoc, seed.detail);
  else {
    put(client, [...keys, 'doc', seed.docId, seed.language], PublicDoc, seed.detail);
    put(client, [...keys, 'pages'], z.array(ComposePageTitle), seed.pages);
  }
}
