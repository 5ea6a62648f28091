import {
  adminSettingDebugProxyGet,
  adminSettingDebugProxySave,
  DebugLimits,
  docDebugConfig,
  docDebugscriptAdd,
  docDebugscriptDelete,
  docDebugscriptList,
  docDebugscriptUpdate,
  docDebugscriptUpdateV2,
  docDebugValue,
  docDebugValueSave,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import type { Resolver } from '../../lib/guarded-fetch.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { loadDocRef } from '../docs/doc-access.ts';
import { resolveDebugTarget, type ShareDebugGate } from './debug-access.ts';
import { registerDebugProxyRoute } from './debug-proxy.routes.ts';
import {
  addScript,
  deleteScript,
  listScriptsOfDoc,
  patchScript,
  presentScript,
  updateScript,
} from './debug-scripts.service.ts';
import { readProxyHosts, writeProxyHosts } from './debug-settings.ts';
import { readDebugValues, saveDebugValue } from './debug-values.service.ts';

export interface DebugRouteOptions {
  /** Lets share sessions whose share offers debugging use the panel's calls (wired by the shares feature). */
  shareGate?: ShareDebugGate;
  /** Name resolution of the proxy; tests pass their own. */
  resolver?: Resolver;
}

/** The debug panel: its settings per doc, the guarded proxy, remembered values, scripts, the admin setting. */
export function registerDebugRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: DebugRouteOptions = {},
): void {
  const { db } = deps;
  // Routes a share session may use once the shares feature passes its gate; logged-in users only until then.
  const shareAuth = { access: options.shareGate ? 'optional' : 'user' } as const;
  registerDebugProxyRoute(app, deps, options);

  route(
    app,
    docDebugConfig,
    async (request) => {
      const target = await resolveDebugTarget(request, db, request.query.docId, options.shareGate);
      return {
        docId: target.doc.id,
        moduleId: target.module.id,
        allowDebug: target.allowDebug,
        proxyAvailable: target.allowDebug,
        // The admin's extra hosts are for signed-in readers; a visitor never learns them.
        proxyHosts: target.visitor ? [] : await readProxyHosts(db),
        maxBytes: DebugLimits.maxBytes,
      };
    },
    shareAuth,
  );

  route(app, docDebugValue, async (request) => {
    const doc = await loadDocRef(await callerOf(request, db), request.query.docId, 'read');
    return await readDebugValues(db, actorOf(request).user.id, doc.id);
  });

  route(app, docDebugValueSave, async (request) => {
    const doc = await loadDocRef(await callerOf(request, db), request.body.docId, 'read');
    return await saveDebugValue(db, actorOf(request).user.id, doc.id, request.body.value);
  });

  route(
    app,
    docDebugscriptList,
    async (request) => {
      const target = await resolveDebugTarget(request, db, request.query.docId, options.shareGate);
      return (await listScriptsOfDoc({ db }, target.doc)).map(presentScript);
    },
    shareAuth,
  );

  route(app, docDebugscriptAdd, async (request) =>
    presentScript(await addScript(await callerOf(request, db), request.body)),
  );

  route(app, docDebugscriptUpdate, async (request) => {
    await updateScript(await callerOf(request, db), request.body);
    return null;
  });

  route(app, docDebugscriptUpdateV2, async (request) => {
    await patchScript(await callerOf(request, db), request.body);
    return null;
  });

  route(app, docDebugscriptDelete, async (request) => {
    await deleteScript(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, adminSettingDebugProxyGet, async () => ({ hosts: await readProxyHosts(db) }));

  route(app, adminSettingDebugProxySave, async (request) => {
    await writeProxyHosts(db, request.body.hosts);
    await recordAudit(
      db,
      actorOf(request).user.id,
      'debug.proxySetting',
      { type: 'user', id: actorOf(request).user.id },
      {
        hosts: request.body.hosts,
      },
    );
    return { hosts: await readProxyHosts(db) };
  });
}
