import {
  ComposePageTitle,
  DocDetail,
  Environment,
  ProjectChangelog,
  PublicComposeProject,
  PublicDoc,
  PublicShare,
  ShareMenu,
} from '@quire/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { docKeys } from '../docs/docs.queries.ts';
import { releaseKeys } from '../releases/releases.queries.ts';
import { visitorKeys } from '../sharing/sharing.queries.ts';
import { environmentsKey } from './view.queries.ts';

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
    }
  /**
   * The project changelog page's first answer (src/changelog-main.tsx): `limit` operations of the project or
   * of one application (`moduleId`, '' for all).
   */
  | { kind: 'changelog'; projectId: string; moduleId: string; limit: number; changelog: unknown };

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
  if (seed.kind === 'changelog') {
    put(
      client,
      releaseKeys.changelog(seed.projectId, seed.moduleId, seed.limit),
      ProjectChangelog,
      seed.changelog,
    );
    return;
  }
  if (seed.kind === 'view') {
    const detail = DocDetail.safeParse(seed.detail);
    if (!detail.success) return;
    client.setQueryData(docKeys.detail(seed.docId), detail.data);
    put(client, environmentsKey(detail.data.moduleId), z.array(Environment), seed.environments);
    return;
  }
  // The frame first: a page whose info did not parse fetches everything again, so its doc is left out too.
  if (
    !put(
      client,
      visitorKeys.info(seed.kind, seed.id),
      seed.kind === 'share' ? PublicShare : PublicComposeProject,
      seed.info,
    )
  )
    return;
  put(client, visitorKeys.menu(seed.kind, seed.id), ShareMenu, seed.menu);
  if (seed.kind === 'share')
    put(client, visitorKeys.doc('share', seed.id, seed.docId), PublicDoc, seed.detail);
  else {
    put(client, visitorKeys.doc('show', seed.id, seed.docId, seed.language), PublicDoc, seed.detail);
    put(client, visitorKeys.pages(seed.id), z.array(ComposePageTitle), seed.pages);
  }
}
