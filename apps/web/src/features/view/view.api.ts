import {
  docSearch,
  docViewData,
  docViewDataByProject,
  docViewProjects,
  moduleInfoByDocId,
  projectReleaseDoc,
  projectReleaseSearch,
  projectReleaseTree,
  userSubscribeDocCancelSubscribe,
  userSubscribeDocIsSubscribe,
  userSubscribeDocSubscribe,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** Calls of the reader (`/view`). */

export function getViewProjects(options?: RequestOptions) {
  return call(docViewProjects, undefined, options);
}

export function getProjectTree(projectId: string, options?: RequestOptions) {
  return call(docViewDataByProject, { projectId }, options);
}

export function getSpaceTree(spaceId: string, options?: RequestOptions) {
  return call(docViewData, { spaceId }, options);
}

export function searchDocs(q: string, options?: RequestOptions) {
  return call(docSearch, { q, limit: 20 }, options);
}

export function isFollowing(docId: string, options?: RequestOptions) {
  return call(userSubscribeDocIsSubscribe, { sourceId: docId }, options);
}

export function setFollowing(docId: string, follow: boolean) {
  return call(follow ? userSubscribeDocSubscribe : userSubscribeDocCancelSubscribe, { sourceId: docId });
}

/** The application (and so the project) of a doc: where the reader jumps when a doc is opened by link. */
export function getModuleOfDoc(docId: string, options?: RequestOptions) {
  return call(moduleInfoByDocId, { docId }, options);
}

/** A release read in the reader: its tree, search and docs as the release froze them. */
export function getReleaseTree(releaseId: string, options?: RequestOptions) {
  return call(projectReleaseTree, { releaseId }, options);
}

export function searchReleaseDocs(releaseId: string, q: string, options?: RequestOptions) {
  return call(projectReleaseSearch, { releaseId, q, limit: 20 }, options);
}

export function getReleaseDoc(releaseId: string, docId: string, options?: RequestOptions) {
  return call(projectReleaseDoc, { releaseId, docId }, options);
}
