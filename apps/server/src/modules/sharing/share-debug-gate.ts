import type { Db } from '../../db/database.ts';
import { composeDebugScope } from '../compose/compose-public.service.ts';
import type { ShareDebugGate } from '../debug/debug-access.ts';
import { findDocRef } from '../docs/docs.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import { shareDebugScope } from './share-public.service.ts';

/**
 * Lets visitors of a share (header `X-Share-Id`, with the share's visitor session when it is encrypted) or of
 * a composed project (`X-Compose-Id`) use the debug calls for the docs those reach, when the share or project
 * offers debugging. Debugging targets only what the page shows: a share's environments; a composed
 * project's gateway when it has one, else the public environments of the doc's application.
 */
export function shareDebugGateOf(db: Db): ShareDebugGate {
  return {
    async grantFor(request, docId) {
      const share = await shareDebugScope(db, request);
      if (share?.docIds.has(docId))
        return { shareId: share.shareId, environmentIds: share.environments.map((e) => e.id) };
      const composed = await composeDebugScope(db, request);
      if (!composed?.docIds.has(docId)) return null;
      const shareId = `compose:${composed.projectId}`;
      const composeSpaceId = composed.spaceId;
      if (composed.gatewayUrl)
        return { shareId, environmentIds: [], extraBaseUrls: [composed.gatewayUrl], composeSpaceId };
      const doc = await findDocRef(db, docId);
      const environments = doc ? await listEnvironments(db, doc.moduleId) : [];
      return {
        shareId,
        environmentIds: environments.filter((e) => e.isPublic === 1).map((e) => e.id),
        composeSpaceId,
      };
    },
  };
}
