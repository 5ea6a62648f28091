import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { callerOf } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { loadDocRef } from '../docs/doc-access.ts';
import { type DocRef, findDocRef } from '../docs/docs.service.ts';
import { readModuleSettings } from '../modules/module-settings.service.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';

/**
 * What a share session grants for debugging one doc. The shares feature implements `ShareDebugGate` and
 * passes it to `registerDebugRoutes`; until then only logged-in users reach the debug calls.
 */
export interface ShareDebugGrant {
  shareId: string;
  /** The environments the share offers for debugging, or 'all' (Torna's `is_all_selected_debug`). */
  environmentIds: ReadonlyArray<string> | 'all';
  /** Base URLs the share shows besides the application's environments (a composed project's gateway). */
  extraBaseUrls?: ReadonlyArray<string>;
  /**
   * A composed project's space: its internal access counts besides the doc's space (the gateway is the
   * composed project's own URL).
   */
  composeSpaceId?: string;
}

export interface ShareDebugGate {
  /**
   * The grant of the request's share session for `docId`: null unless the request carries a valid share
   * session whose share contains the doc and offers debugging.
   */
  grantFor(request: FastifyRequest, docId: string): Promise<ShareDebugGrant | null>;
}

/** A doc the caller may debug, with who the caller is (for the audit log) and the environments open to them. */
export interface DebugTarget {
  doc: DocRef;
  module: ModuleRow;
  /** A user id, or `share:<id>` for a share session. */
  actorId: string;
  /** null: all of the application's environments. */
  environmentIds: ReadonlySet<string> | null;
  /** Further base URLs the call may target (a composed project's gateway). */
  extraBaseUrls: ReadonlyArray<string>;
  /**
   * True for a share or composed-project visitor: only what the page shows is theirs to target, never the
   * super admin's extra proxy hosts (those are for signed-in readers of the project).
   */
  visitor: boolean;
  /** Spaces besides the doc's whose internal access the call also needs (a composed project's). */
  extraSpaceIds: ReadonlyArray<string>;
  allowDebug: boolean;
}

/** Whether the call names a share or composed project, i.e. comes from a visitor page. */
function namesVisitorScope(request: FastifyRequest): boolean {
  return Boolean(request.headers['x-share-id'] || request.headers['x-compose-id']);
}

/**
 * Loads the doc named by a debug call and checks the caller may read it: a call from a share or show page
 * (it names its share) through the gate first, so a signed-in visitor who is no member of the application
 * still debugs what the share offers; else a logged-in user through the doc policy (404 for a missing doc,
 * 403 without access); else 1000.
 */
export async function resolveDebugTarget(
  request: FastifyRequest,
  db: Db,
  docId: string,
  gate: ShareDebugGate | undefined,
): Promise<DebugTarget> {
  let doc: DocRef | undefined;
  let actorId = '';
  let environmentIds: ReadonlySet<string> | null = null;
  let extraBaseUrls: ReadonlyArray<string> = [];
  let grant: ShareDebugGrant | null = null;
  const visitorGrant = gate && namesVisitorScope(request) ? await gate.grantFor(request, docId) : null;
  if (visitorGrant) grant = visitorGrant;
  else if (request.actor) {
    if (request.actor.user.status === 2) throw new AppError('2000');
    doc = await loadDocRef(await callerOf(request, db), docId, 'read');
    actorId = request.actor.user.id;
  } else {
    grant = gate ? await gate.grantFor(request, docId) : null;
    if (!grant) throw new AppError('1000');
  }
  if (grant) {
    doc = await findDocRef(db, docId);
    actorId = `share:${grant.shareId}`;
    if (grant.environmentIds !== 'all') environmentIds = new Set(grant.environmentIds);
    extraBaseUrls = grant.extraBaseUrls ?? [];
  }
  if (!doc || doc.isFolder === 1) throw new AppError('doc.not_found');
  const module = await findLiveModule(db, doc.moduleId);
  if (!module) throw new AppError('doc.not_found');
  const allowDebug = readModuleSettings(module.id, module.settings).allowDebug;
  return {
    doc,
    module,
    actorId,
    environmentIds,
    extraBaseUrls,
    visitor: grant !== null,
    extraSpaceIds: grant?.composeSpaceId ? [grant.composeSpaceId] : [],
    allowDebug,
  };
}
