import type { ApiChange, ChangeLevel, DiffSummary } from '@quire/api-model';
import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { optionalText, requiredText, V, withLimit } from '../validation.ts';
import { defineCall } from './contract.ts';
import { DocDetail } from './docs.ts';
import { EntityId } from './spaces.ts';
import { isHookUrl } from './webhooks.ts';
import { DocSearchHit, SEARCH_QUERY_MAX, ViewTree } from './view.ts';

/** Field limits of a release (Torna's column sizes). */
export const ReleaseLimits = {
  releaseNoMax: 20,
  releaseDescMax: 200,
  webhookMax: 200,
  docsMax: 20_000,
} as const;

/** 1 valid, 0 invalid (Torna's `status`). */
export const ReleaseStatus = z.union([z.literal(0), z.literal(1)], { error: V.invalid });

/**
 * A release's DingTalk or WeCom robot URL ('' for none), checked as an application's hook URL is; where it may
 * reach is checked when a message is sent (the guarded fetch), as for every hook.
 */
const RobotUrl = z
  .string({ error: V.url })
  .trim()
  .max(ReleaseLimits.webhookMax, { error: withLimit(V.max, ReleaseLimits.webhookMax) })
  .refine((value) => value === '' || isHookUrl(value), { error: V.url });

/**
 * The docs a release covers, per application: `{<moduleId>: [<docId>]}`. An application with an empty list
 * covers all its docs; no map at all covers every doc of every application of the project.
 */
export const ModuleSourceIdMap = z.record(EntityId, z.array(EntityId).max(ReleaseLimits.docsMax));

/** A release as lists show it (Torna's fields, plus the doc count and who made it). */
export const Release = z.object({
  id: z.string(),
  projectId: z.string(),
  releaseNo: z.string(),
  releaseDesc: z.string(),
  status: z.number().int(),
  dingdingWebhook: z.string(),
  weComWebhook: z.string(),
  gmtCreate: z.string(),
  creatorName: z.string(),
  docCount: z.number().int(),
  moduleSourceIdMap: z.record(z.string(), z.array(z.string())),
  isSubscribe: z.boolean(),
});
export type Release = z.infer<typeof Release>;

/** `GET /api/project/release/list?projectId&releaseNo&status`. */
export const ReleaseListQuery = z.object({
  projectId: EntityId,
  releaseNo: z.string().trim().max(ReleaseLimits.releaseNoMax).optional(),
  status: z.coerce.number().pipe(ReleaseStatus).optional(),
});

export const ReleaseAddRequest = z.object({
  projectId: EntityId,
  releaseNo: requiredText(ReleaseLimits.releaseNoMax),
  releaseDesc: optionalText(ReleaseLimits.releaseDescMax).default(''),
  status: ReleaseStatus.default(1),
  dingdingWebhook: RobotUrl.default(''),
  weComWebhook: RobotUrl.default(''),
  moduleSourceIdMap: ModuleSourceIdMap.optional(),
});
export type ReleaseAddRequest = z.input<typeof ReleaseAddRequest>;

/**
 * `POST /api/project/release/update`: a map replaces the docs covered; docs kept stay frozen where they were,
 * docs added are frozen as they are now. Without a map the docs stay.
 */
export const ReleaseUpdateRequest = z.object({
  id: EntityId,
  releaseDesc: optionalText(ReleaseLimits.releaseDescMax).optional(),
  status: ReleaseStatus.optional(),
  dingdingWebhook: RobotUrl.optional(),
  weComWebhook: RobotUrl.optional(),
  moduleSourceIdMap: ModuleSourceIdMap.optional(),
});
export type ReleaseUpdateRequest = z.input<typeof ReleaseUpdateRequest>;

export const ReleaseStatusRequest = z.object({ id: EntityId, status: ReleaseStatus });
export const ReleaseIdRequest = z.object({ id: EntityId });
export const ReleaseBindListRequest = z.object({ projectId: EntityId, releaseId: EntityId });
export const ReleaseSubscribeRequest = z.object({ sourceId: EntityId });

/** One doc of a release as frozen (`bind/list`). */
export const ReleaseBoundDoc = z.object({
  id: z.string(),
  name: z.string(),
  httpMethod: z.string(),
  url: z.string(),
  version: z.string(),
  revision: z.number().int(),
  isFolder: z.literal(0),
});
export const ReleaseBoundModule = z.object({
  id: z.string(),
  name: z.string(),
  isFolder: z.literal(1),
  releaseId: z.string(),
  children: z.array(ReleaseBoundDoc),
});
export type ReleaseBoundModule = z.infer<typeof ReleaseBoundModule>;

/** One operation of a comparison, with its application. */
export const ComparedOperation = z.object({
  key: z.string(),
  docId: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  method: z.string(),
  url: z.string(),
  name: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  level: z.custom<ChangeLevel>(),
  changes: z.array(z.custom<ApiChange>()),
});
export type ComparedOperation = z.infer<typeof ComparedOperation>;

/** What a comparison answers: the operations, breaking first, and the counts. */
export const Comparison = z.object({
  operations: z.array(ComparedOperation),
  summary: z.custom<DiffSummary>(),
});
export type Comparison = z.infer<typeof Comparison>;

/** `GET /api/project/release/compare?projectId&fromId&toId`: `toId` empty compares with the docs now. */
export const ReleaseCompareQuery = z.object({
  projectId: EntityId,
  fromId: EntityId,
  toId: z.string().trim().max(64).optional().default(''),
});
export const ReleaseComparison = Comparison.extend({
  from: z.object({ id: z.string(), releaseNo: z.string() }),
  to: z.object({ id: z.string(), releaseNo: z.string() }).nullable(),
});
export type ReleaseComparison = z.infer<typeof ReleaseComparison>;

/** `POST /api/module/compare`: what pushing this description (its text) would change in the application. */
export const ModuleCompareRequest = z.object({
  moduleId: EntityId,
  content: z.string({ error: V.uploadFile }).min(1, { error: V.uploadFile }),
});

/** `GET /api/doc/revision/compare?docId&from&to`: the semantic diff of two revisions of one doc. */
export const DocRevisionCompareQuery = z.object({
  docId: EntityId,
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});

/** `GET /api/project/changelog?projectId`: releases newest first, then what changed since the newest valid one. */
export const ProjectChangelog = z.object({
  releases: z.array(Release),
  /** The newest valid release the changes are counted from, or null when there is none (nothing to compare). */
  since: z.object({ id: z.string(), releaseNo: z.string(), gmtCreate: z.string() }).nullable(),
  changes: Comparison.nullable(),
});
export type ProjectChangelog = z.infer<typeof ProjectChangelog>;
/**
 * `?projectId&moduleId&limit`: `moduleId` narrows the changes to one application (the changelog per
 * application); `limit` answers only the first operations (breaking first), the summary still counting them all,
 * so a page shows its first screen without the whole list (absent: every operation).
 */
export const ChangelogQuery = z.object({
  projectId: EntityId,
  moduleId: z.string().trim().max(64).optional().default(''),
  limit: z.coerce.number({ error: V.invalid }).int().min(1).max(1_000_000).optional(),
});

export const projectReleaseList = defineCall({
  method: 'GET',
  path: '/api/project/release/list',
  query: ReleaseListQuery,
  response: z.array(Release),
  access: 'user',
});

export const projectReleaseAdd = defineCall({
  method: 'POST',
  path: '/api/project/release/add',
  body: ReleaseAddRequest,
  response: Release,
  access: 'user',
});

export const projectReleaseUpdate = defineCall({
  method: 'POST',
  path: '/api/project/release/update',
  body: ReleaseUpdateRequest,
  response: Release,
  access: 'user',
});

export const projectReleaseStatus = defineCall({
  method: 'POST',
  path: '/api/project/release/status',
  body: ReleaseStatusRequest,
  response: Empty,
  access: 'user',
});

export const projectReleaseRemove = defineCall({
  method: 'POST',
  path: '/api/project/release/remove',
  body: ReleaseIdRequest,
  response: Empty,
  access: 'user',
});

export const projectReleaseBindList = defineCall({
  method: 'POST',
  path: '/api/project/release/bind/list',
  body: ReleaseBindListRequest,
  response: z.array(ReleaseBoundModule),
  access: 'user',
});

export const projectReleaseDocSubscribe = defineCall({
  method: 'POST',
  path: '/api/project/release/doc/subscribe',
  body: ReleaseSubscribeRequest,
  response: Empty,
  access: 'user',
});

export const projectReleaseDocCancelSubscribe = defineCall({
  method: 'POST',
  path: '/api/project/release/doc/cancelSubscribe',
  body: ReleaseSubscribeRequest,
  response: Empty,
  access: 'user',
});

export const projectReleaseCompare = defineCall({
  method: 'GET',
  path: '/api/project/release/compare',
  query: ReleaseCompareQuery,
  response: ReleaseComparison,
  access: 'user',
});

export const projectChangelog = defineCall({
  method: 'GET',
  path: '/api/project/changelog',
  query: ChangelogQuery,
  response: ProjectChangelog,
  access: 'user',
});

export const moduleCompare = defineCall({
  method: 'POST',
  path: '/api/module/compare',
  body: ModuleCompareRequest,
  response: Comparison,
  access: 'user',
});

export const docRevisionCompare = defineCall({
  method: 'GET',
  path: '/api/doc/revision/compare',
  query: DocRevisionCompareQuery,
  response: Comparison,
  access: 'user',
});

/** A release as a share's visitors see it: no robot addresses, no doc ids of other applications. */
export const PublicRelease = z.object({
  id: z.string(),
  releaseNo: z.string(),
  releaseDesc: z.string(),
  gmtCreate: z.string(),
});

/** `GET /api/share/changelog?id`: the changelog of the docs a share shows (valid releases only). */
export const ShareChangelog = z.object({
  releases: z.array(PublicRelease),
  since: z.object({ id: z.string(), releaseNo: z.string(), gmtCreate: z.string() }).nullable(),
  changes: Comparison.nullable(),
});
export type ShareChangelog = z.infer<typeof ShareChangelog>;

export const shareChangelog = defineCall({
  method: 'GET',
  path: '/api/share/changelog',
  query: z.object({ id: EntityId }),
  response: ShareChangelog,
  access: 'public',
});

/** `GET /api/project/release/doc?releaseId&docId`: a doc of a release as the release froze it. */
export const projectReleaseDoc = defineCall({
  method: 'GET',
  path: '/api/project/release/doc',
  query: z.object({ releaseId: EntityId, docId: EntityId }),
  response: DocDetail,
  access: 'user',
});

/** `GET /api/project/release/tree?releaseId`: the reader's tree of a release (its frozen docs). */
export const projectReleaseTree = defineCall({
  method: 'GET',
  path: '/api/project/release/tree',
  query: z.object({ releaseId: EntityId }),
  response: ViewTree,
  access: 'user',
});

/** `GET /api/project/release/search?releaseId&q&limit`: the reader's search in a release's frozen docs. */
export const projectReleaseSearch = defineCall({
  method: 'GET',
  path: '/api/project/release/search',
  query: z.object({
    releaseId: EntityId,
    q: requiredText(SEARCH_QUERY_MAX),
    limit: z.coerce.number({ error: V.invalid }).int().min(1).max(50).default(20),
  }),
  response: z.array(DocSearchHit),
  access: 'user',
});

/**
 * `GET /api/compose/project/changelog?id`: a composed project's changelog, one source per project its docs come
 * from that has a valid release: that project's valid releases and what changed since the newest, narrowed to
 * the docs the composed project shows (a doc it names stays in view once deleted, so its removal is told).
 */
export const ComposeChangelog = z.object({ sources: z.array(ShareChangelog) });
export type ComposeChangelog = z.infer<typeof ComposeChangelog>;

export const composeChangelog = defineCall({
  method: 'GET',
  path: '/api/compose/project/changelog',
  query: z.object({ id: EntityId }),
  response: ComposeChangelog,
  access: 'public',
});
