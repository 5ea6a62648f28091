import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { requiredText, V } from '../validation.ts';
import { defineCall } from './contract.ts';
import { ProjectIdQuery } from './projects.ts';
import { EntityId, SpaceIdQuery } from './spaces.ts';

/**
 * The reader (`/view`): its trees, search and follow calls.
 *
 * Tree nodes are the doc tree node of the spec (id, docId, parentId, type 0 project / 1 module / 2 folder /
 * 3 doc, label, url, httpMethod, deprecated, docType, apiCount, isFolder, children), sent compactly so a tree
 * of 5,000 docs stays small: a field at its default is left out, and `readViewNode` fills it back in.
 * Defaults: parentId = the id of the node it is nested in ("" at the top); docId = id on a doc node, "" on
 * others; url, httpMethod = ""; deprecated = "$false$"; docType = 0; apiCount = 0; isFolder = false;
 * children = [].
 */
export const ViewNodeType = { project: 0, module: 1, folder: 2, doc: 3 } as const;

/** A tree node as it travels. */
export interface ViewNodeWire {
  id: string;
  type: number;
  label: string;
  url?: string;
  httpMethod?: string;
  deprecated?: string;
  docType?: number;
  apiCount?: number;
  isFolder?: boolean;
  children?: ViewNodeWire[];
}

/** A tree node with every field. */
export interface ViewNode {
  id: string;
  docId: string;
  parentId: string;
  type: number;
  label: string;
  url: string;
  httpMethod: string;
  deprecated: string;
  docType: number;
  apiCount: number;
  isFolder: boolean;
  children: ViewNode[];
}

/** The full node of a wire node nested under `parentId`. */
export function readViewNode(node: ViewNodeWire, parentId = ''): ViewNode {
  return {
    id: node.id,
    docId: node.type === ViewNodeType.doc ? node.id : '',
    parentId,
    type: node.type,
    label: node.label,
    url: node.url ?? '',
    httpMethod: node.httpMethod ?? '',
    deprecated: node.deprecated ?? '$false$',
    docType: node.docType ?? 0,
    apiCount: node.apiCount ?? 0,
    isFolder: node.isFolder ?? false,
    children: (node.children ?? []).map((child) => readViewNode(child, node.id)),
  };
}

// Trees are built by the server from stored rows; parsing 5,000 nodes again on the way out would cost more
// than the query, so they are typed, not re-validated (as param trees are).
export const ViewTree = z.array(z.custom<ViewNodeWire>());

/** `GET /api/doc/view/projects`: the projects the caller may read, grouped by space. */
export const ViewSpaceProjects = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    projects: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type ViewSpaceProjects = z.infer<typeof ViewSpaceProjects>;

/** Longest search text accepted. */
export const SEARCH_QUERY_MAX = 100;

/** `GET /api/doc/search?q&limit`. */
export const DocSearchQuery = z.object({
  q: requiredText(SEARCH_QUERY_MAX),
  limit: z.coerce.number({ error: V.invalid }).int().min(1).max(50).default(20),
});
export type DocSearchQuery = z.input<typeof DocSearchQuery>;

/** One search result: the doc and where it lives. */
export const DocSearchHit = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  httpMethod: z.string(),
  docType: z.number().int(),
  deprecated: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  projectId: z.string(),
  projectName: z.string(),
});
export type DocSearchHit = z.infer<typeof DocSearchHit>;

/** `?sourceId=`: the doc to follow (Torna's name). */
export const SubscribeQuery = z.object({ sourceId: EntityId });
export const SubscribeRequest = z.object({ sourceId: EntityId });
export type SubscribeRequest = z.input<typeof SubscribeRequest>;

export const docViewProjects = defineCall({
  method: 'GET',
  path: '/api/doc/view/projects',
  response: ViewSpaceProjects,
  access: 'user',
});

export const docViewDataByProject = defineCall({
  method: 'GET',
  path: '/api/doc/view/dataByProject',
  query: ProjectIdQuery,
  response: ViewTree,
  access: 'user',
});

export const docViewData = defineCall({
  method: 'GET',
  path: '/api/doc/view/data',
  query: SpaceIdQuery,
  response: ViewTree,
  access: 'user',
});

export const docSearch = defineCall({
  method: 'GET',
  path: '/api/doc/search',
  query: DocSearchQuery,
  response: z.array(DocSearchHit),
  access: 'user',
});

export const userSubscribeDocIsSubscribe = defineCall({
  method: 'GET',
  path: '/api/user/subscribe/doc/isSubscribe',
  query: SubscribeQuery,
  response: z.boolean(),
  access: 'user',
});

export const userSubscribeDocSubscribe = defineCall({
  method: 'POST',
  path: '/api/user/subscribe/doc/subscribe',
  body: SubscribeRequest,
  response: Empty,
  access: 'user',
});

export const userSubscribeDocCancelSubscribe = defineCall({
  method: 'POST',
  path: '/api/user/subscribe/doc/cancelSubscribe',
  body: SubscribeRequest,
  response: Empty,
  access: 'user',
});
