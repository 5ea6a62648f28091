import type { Db } from '../../db/database.ts';
import { composeDebugScope } from '../compose/compose-public.service.ts';
import type { ShareDebugGate } from '../debug/debug-access.ts';
import { shareDebugScope } from './share-public.service.ts';

/**
 * Lets visitors of a share (header `X-Share-Id`, with the share's visitor session when it is encrypted) or of
 * a composed project (`X-Compose-Id`) use the debug calls for the docs those reach, when the share or project
 * offers debugging. A share limits the environments to the ones it shows; a composed project has no
 * environment list of its own, so its docs' application environments apply.
 */
export function shareDebugGateOf(db: Db): ShareDebugGate {
  return {
    async grantFor(request, docId) {
      const share = await shareDebugScope(db, request);
      if (share?.docIds.has(docId))
        return { shareId: share.shareId, environmentIds: share.environments.map((e) => e.id) };
      const composed = await composeDebugScope(db, request);
      if (composed?.docIds.has(docId))
        return { shareId: `compose:${composed.projectId}`, environmentIds: 'all' };
      return null;
    },
  };
}
