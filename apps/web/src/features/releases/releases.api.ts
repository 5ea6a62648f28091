import {
  projectChangelog,
  projectReleaseAdd,
  projectReleaseBindList,
  projectReleaseDoc,
  projectReleaseCompare,
  projectReleaseDocCancelSubscribe,
  projectReleaseDocSubscribe,
  projectReleaseList,
  projectReleaseRemove,
  projectReleaseStatus,
  type ReleaseAddRequest,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

export function listReleases(projectId: string, options?: RequestOptions) {
  return call(projectReleaseList, { projectId }, options);
}

export function addRelease(body: ReleaseAddRequest) {
  return call(projectReleaseAdd, body);
}

export function setReleaseStatus(id: string, status: 0 | 1) {
  return call(projectReleaseStatus, { id, status });
}

/** Follows a release (its followers hear when one of its docs changes afterwards) or stops. */
export function followRelease(id: string, follow: boolean) {
  return follow
    ? call(projectReleaseDocSubscribe, { sourceId: id })
    : call(projectReleaseDocCancelSubscribe, { sourceId: id });
}

export function removeRelease(id: string) {
  return call(projectReleaseRemove, { id });
}

export function compareRelease(projectId: string, fromId: string, toId: string, options?: RequestOptions) {
  return call(projectReleaseCompare, { projectId, fromId, toId }, options);
}

export function getChangelog(projectId: string, moduleId: string, limit: number, options?: RequestOptions) {
  return call(projectChangelog, { projectId, moduleId, limit }, options);
}

export function releaseDocs(projectId: string, releaseId: string, options?: RequestOptions) {
  return call(projectReleaseBindList, { projectId, releaseId }, options);
}

export function releaseDoc(releaseId: string, docId: string, options?: RequestOptions) {
  return call(projectReleaseDoc, { releaseId, docId }, options);
}
