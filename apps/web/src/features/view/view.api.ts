import { DocSearchHit, Empty, Module, ViewSpaceProjects, ViewTree } from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** Calls of the reader (`/view`). */

export function getViewProjects(options?: RequestOptions) {
  return apiGet('/doc/view/projects', ViewSpaceProjects, {}, options);
}

export function getProjectTree(projectId: string, options?: RequestOptions) {
  return apiGet('/doc/view/dataByProject', ViewTree, { projectId }, options);
}

export function getSpaceTree(spaceId: string, options?: RequestOptions) {
  return apiGet('/doc/view/data', ViewTree, { spaceId }, options);
}

export function searchDocs(q: string, options?: RequestOptions) {
  return apiGet('/doc/search', z.array(DocSearchHit), { q, limit: 20 }, options);
}

export function isFollowing(docId: string, options?: RequestOptions) {
  return apiGet('/user/subscribe/doc/isSubscribe', z.boolean(), { sourceId: docId }, options);
}

export function setFollowing(docId: string, follow: boolean) {
  return apiPost(follow ? '/user/subscribe/doc/subscribe' : '/user/subscribe/doc/cancelSubscribe', Empty, {
    sourceId: docId,
  });
}

/** The application (and so the project) of a doc: where the reader jumps when a doc is opened by link. */
export function getModuleOfDoc(docId: string, options?: RequestOptions) {
  return apiGet('/module/infoByDocId', Module, { docId }, options);
}
