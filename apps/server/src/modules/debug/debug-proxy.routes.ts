import { DEBUG_PROXY_PATH, DebugHeaders, DebugLimits } from '@quire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { Resolver } from '../../lib/guarded-fetch.ts';
import { outboundRule } from '../spaces/internal-access.service.ts';
import { type DebugTarget, resolveDebugTarget, type ShareDebugGate } from './debug-access.ts';
import { proxyDebugCall, refuseDisabled } from './debug-proxy.service.ts';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Quire's own credentials on the incoming call: the session token in any of its headers, and cookies. */
function credentialsOf(request: FastifyRequest): string[] {
  const out: string[] = [];
  for (const name of ['authorization', 'x-token', 'token', 'cookie']) {
    const value = single(request.headers[name]);
    if (!value) continue;
    out.push(value.trim());
    const bare = value.replace(/^Bearer\s+/i, '').trim();
    if (bare !== value) out.push(bare);
    if (name === 'cookie')
      for (const part of value.split(';')) out.push(part.split('=').slice(1).join('=').trim());
  }
  return out;
}

/** Marks an answer of the proxy itself, so a client never mistakes a refusal for the upstream's answer. */
function markRefusal(reply: FastifyReply, error: unknown): never {
  if (error instanceof AppError) reply.header(DebugHeaders.refused, error.code);
  throw error;
}

/** The header `target-response-headers` as ASCII JSON (a header value cannot carry other characters). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `ANY /api/doc/debug/v1`: Torna's debug proxy contract (`target-url`, `target-headers`, method and body
 * passed on, upstream headers in `target-response-headers`), guarded: the call names its doc in
 * `target-doc-id`, the caller may read that doc (or holds a share session offering debugging), the
 * application allows debugging, and the target lies under one of its environments. Everything is checked in
 * `onRequest`, before the body is read, so a refused caller cannot make the server read a large body.
 */
export function registerDebugProxyRoute(
  app: FastifyInstance,
  { db, env }: AppDeps,
  options: { shareGate?: ShareDebugGate | undefined; resolver?: Resolver | undefined } = {},
): void {
  const targets = new WeakMap<FastifyRequest, DebugTarget>();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: DebugLimits.maxBytes },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: [...METHODS],
      url: DEBUG_PROXY_PATH,
      exposeHeadRoute: false,
      // Logged-in users; with a share gate wired, also share sessions (`resolveDebugTarget` checks them).
      config: { auth: options.shareGate ? 'optional' : 'user' },
      onRequest: async (request, reply) => {
        try {
          const docId = single(request.headers[DebugHeaders.targetDocId])?.trim();
          if (!docId) throw new AppError('debug.doc_id_required');
          const target = await resolveDebugTarget(request, db, docId, options.shareGate);
          if (!target.allowDebug) await refuseDisabled(db, target, callOf(request));
          targets.set(request, target);
        } catch (error) {
          markRefusal(reply, error);
        }
      },
      handler: async (request, reply) => {
        const target = targets.get(request);
        if (!target) throw new AppError('1000');
        try {
          const answer = await proxyDebugCall(
            db,
            target,
            {
              ...callOf(request),
              body: Buffer.isBuffer(request.body) ? request.body : undefined,
            },
            {
              // Internal hosts only for a doc in a space a super admin granted internal access (and, for a
              // composed project's visitor, the composed project's space too).
              rule: await outboundRule(
                db,
                env.QUIRE_FETCH_ALLOW_HOSTS,
                { moduleId: target.module.id },
                ...target.extraSpaceIds.map((spaceId) => ({ spaceId })),
              ),
              timeoutMs: env.QUIRE_FETCH_TIMEOUT_MS,
              ...(options.resolver ? { resolver: options.resolver } : {}),
            },
          );
          reply
            .status(answer.status)
            .header(DebugHeaders.responseHeaders, asciiJson(answer.headers))
            .header('access-control-expose-headers', DebugHeaders.responseHeaders)
            // The upstream's own type is in the JSON header; as Quire's answer the bytes are never rendered
            // or sniffed on Quire's origin.
            .header('content-type', 'application/octet-stream')
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "sandbox; default-src 'none'")
            .header('cache-control', 'no-store');
          return reply.send(answer.body);
        } catch (error) {
          return markRefusal(reply, error);
        }
      },
    });
  });
}

/** The proxy call as the service reads it (without its body, which is parsed after the checks). */
function callOf(request: FastifyRequest) {
  const raw = request.raw.url ?? '';
  const q = raw.indexOf('?');
  return {
    method: request.method,
    targetUrl: single(request.headers[DebugHeaders.targetUrl]),
    targetHeaders: single(request.headers[DebugHeaders.targetHeaders]),
    query: q >= 0 ? raw.slice(q + 1) : '',
    body: undefined,
    contentType: single(request.headers['content-type']),
    credentials: credentialsOf(request),
  };
}
