import {
  userSubscribeDocPage,
  userSubscribeDocRemove,
  userSubscribeProjectCancelSubscribe,
  userSubscribeProjectIsSubscribe,
  userSubscribeProjectList,
  userSubscribeProjectSubscribe,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** Calls of the subscriptions page and the project follow button. */

export function pageFollowedDocs(pageIndex: number, pageSize: number, options?: RequestOptions) {
  return call(userSubscribeDocPage, { pageIndex, pageSize }, options);
}

/** Stops following a doc (works even when the doc is no longer readable). */
export function unfollowDoc(docId: string) {
  return call(userSubscribeDocRemove, { sourceId: docId });
}

export function listFollowedProjects(options?: RequestOptions) {
  return call(userSubscribeProjectList, undefined, options);
}

export function isFollowingProject(projectId: string, options?: RequestOptions) {
  return call(userSubscribeProjectIsSubscribe, { sourceId: projectId }, options);
}

export function setFollowingProject(projectId: string, follow: boolean) {
  return call(follow ? userSubscribeProjectSubscribe : userSubscribeProjectCancelSubscribe, {
    sourceId: projectId,
  });
}
