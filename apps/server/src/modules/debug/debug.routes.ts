import {
  DebugConfig,
  DebugDocQuery,
  DebugLimits,
  DebugProxySetting,
  DebugScript,
  DebugScriptAddRequest,
  DebugScriptListQuery,
  DebugScriptPatchRequest,
  DebugScriptUpdateRequest,
  DebugValueSaveRequest,
  DebugValues,
  Empty,
  envelope,
  IdRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, ok } from '../../http/reply.ts';
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
  const shareAuth = options.shareGate ? 'optional' : 'user';
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerDebugProxyRoute(app, deps, options);

  r.get(
    '/api/doc/debug/config',
    {
      config: { auth: shareAuth },
      schema: { querystring: DebugDocQuery, response: { 200: envelope(DebugConfig) } },
    },
    async (request) => {
      const target = await resolveDebugTarget(request, db, request.query.docId, options.shareGate);
      return ok({
        docId: target.doc.id,
        moduleId: target.module.id,
        allowDebug: target.allowDebug,
        proxyAvailable: target.allowDebug,
        proxyHosts: await readProxyHosts(db),
        maxBytes: DebugLimits.maxBytes,
      });
    },
  );

  r.get(
    '/api/doc/debug/value',
    { schema: { querystring: DebugDocQuery, response: { 200: envelope(DebugValues) } } },
    async (request) => {
      const doc = await loadDocRef(await callerOf(request, db), request.query.docId, 'read');
      return ok(await readDebugValues(db, actorOf(request).user.id, doc.id));
    },
  );

  r.post(
    '/api/doc/debug/value/save',
    { schema: { body: DebugValueSaveRequest, response: { 200: envelope(DebugValues) } } },
    async (request) => {
      const doc = await loadDocRef(await callerOf(request, db), request.body.docId, 'read');
      return ok(await saveDebugValue(db, actorOf(request).user.id, doc.id, request.body.value));
    },
  );

  r.get(
    '/api/doc/debugscript/list',
    {
      config: { auth: shareAuth },
      schema: { querystring: DebugScriptListQuery, response: { 200: envelope(z.array(DebugScript)) } },
    },
    async (request) => {
      const target = await resolveDebugTarget(request, db, request.query.docId, options.shareGate);
      return ok((await listScriptsOfDoc({ db }, target.doc)).map(presentScript));
    },
  );

  r.post(
    '/api/doc/debugscript/add',
    { schema: { body: DebugScriptAddRequest, response: { 200: envelope(DebugScript) } } },
    async (request) => ok(presentScript(await addScript(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/doc/debugscript/update',
    { schema: { body: DebugScriptUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await updateScript(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/doc/debugscript/update-v2',
    { schema: { body: DebugScriptPatchRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await patchScript(await callerOf(request, db), request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/doc/debugscript/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await deleteScript(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/api/admin/setting/debugProxy',
    { config: { auth: 'superAdmin' }, schema: { response: { 200: envelope(DebugProxySetting) } } },
    async () => ok({ hosts: await readProxyHosts(db) }),
  );

  r.post(
    '/api/admin/setting/debugProxy',
    {
      config: { auth: 'superAdmin' },
      schema: { body: DebugProxySetting, response: { 200: envelope(DebugProxySetting) } },
    },
    async (request) => {
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
      return ok({ hosts: await readProxyHosts(db) });
    },
  );
}
