import { Empty, SubscribedDocPage, SubscribedProject } from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** Calls of the subscriptions page and the project follow button. */

export function pageFollowedDocs(pageIndex: number, pageSize: number, options?: RequestOptions) {
  return apiGet('/user/subscribe/doc/page', SubscribedDocPage, { pageIndex, pageSize }, options);
}

/** Stops following a doc (works even when the doc is no longer readable). */
export function unfollowDoc(docId: string) {
  return apiPost('/user/subscribe/doc/remove', Empty, { sourceId: docId });
}

export function listFollowedProjects(options?: RequestOptions) {
  return apiGet('/user/subscribe/project/list', z.array(SubscribedProject), {}, options);
}

export function isFollowingProject(projectId: string, options?: RequestOptions) {
  return apiGet('/user/subscribe/project/isSubscribe', z.boolean(), { sourceId: projectId }, options);
}

export function setFollowingProject(projectId: string, follow: boolean) {
  return apiPost(
    follow ? '/user/subscribe/project/subscribe' : '/user/subscribe/project/cancelSubscribe',
    Empty,
    { sourceId: projectId },
  );
}
