import type { IncomingHttpHeaders } from 'node:http';
import { DebugLimits } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { formatBytes } from '../../http/error-handler.ts';
import type { AllowRule } from '../../lib/address-policy.ts';
import { FetchError, guardedRequest, parseFetchUrl, type Resolver } from '../../lib/guarded-fetch.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import type { DebugTarget } from './debug-access.ts';
import { readProxyHosts } from './debug-settings.ts';
import {
  headerOf,
  hostEntryCovers,
  isUnderBase,
  parseTargetHeaders,
  withoutCredentials,
  withoutHeader,
} from './debug-target.ts';

/** One call of the proxy as the route read it. */
export interface ProxyCall {
  method: string;
  targetUrl: string | undefined;
  targetHeaders: string | undefined;
  /** The raw query of the proxy call, appended to the target (Torna's rule). */
  query: string;
  body: Buffer | undefined;
  /** The proxy call's own content type (a multipart body's boundary is in it). */
  contentType: string | undefined;
  /** Quire's credentials on the incoming call, never sent on. */
  credentials: string[];
}

export interface ProxyOptions {
  rule: AllowRule;
  timeoutMs: number;
  resolver?: Resolver;
}

/** What the route answers: the upstream status, body and headers. */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
}

/** The target URL with the proxy call's query appended, or a clear refusal. */
function targetOf(call: ProxyCall): URL {
  const raw = call.targetUrl?.trim();
  if (!raw) throw new AppError('debug.target_url_required');
  const joined = call.query ? `${raw}${raw.includes('?') ? '&' : '?'}${call.query}` : raw;
  try {
    return parseFetchUrl(joined);
  } catch {
    throw new AppError('debug.target_url_invalid', { args: [raw.slice(0, 200)] });
  }
}

/** Re-encodes a multipart body (fields, files and file names) with a boundary of our own. */
async function reencodeMultipart(body: Buffer, contentType: string): Promise<{ body: Buffer; type: string }> {
  try {
    const form = await new Request('http://quire.invalid/', {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType },
    }).formData();
    const encoded = new Response(form);
    return {
      body: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type') ?? contentType,
    };
  } catch {
    throw new AppError('debug.body_invalid');
  }
}

/** Upstream headers as one JSON object: repeated headers joined, the ones about the encoding dropped. */
function flatHeaders(headers: IncomingHttpHeaders, length: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    // The body is answered decompressed and whole.
    if (name === 'content-encoding' || name === 'transfer-encoding' || name === 'connection') continue;
    out[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : String(value);
  }
  out['content-length'] = String(length);
  return out;
}

function fetchErrorToApp(error: FetchError, rule: { timeoutMs: number }): AppError {
  switch (error.code) {
    case 'address_refused':
      return new AppError('debug.address_refused', { args: [error.arg] });
    case 'url_invalid':
      return new AppError('debug.target_url_invalid', { args: [error.arg] });
    case 'timeout':
      return new AppError('debug.timeout', { args: [`${Math.round(rule.timeoutMs / 1000)} s`] });
    case 'too_large':
      return new AppError('debug.too_large', { args: [formatBytes(DebugLimits.maxBytes)] });
    case 'too_many_redirects':
      return new AppError('debug.too_many_redirects', { args: [error.arg] });
    default:
      return new AppError('debug.upstream_failed', { args: [error.arg || error.message] });
  }
}

/**
 * Refuses any hop outside the environments the caller may use and, for signed-in readers only, the admin's
 * host list: a share or composed-project visitor reaches only what the page shows them.
 */
async function scopeCheck(db: Db, target: DebugTarget): Promise<(url: URL) => void> {
  const environments = (await listEnvironments(db, target.module.id)).filter(
    (env) => !target.environmentIds || target.environmentIds.has(env.id),
  );
  const hosts = target.visitor ? [] : await readProxyHosts(db);
  return (url) => {
    if (environments.some((env) => isUnderBase(url, env.baseUrl))) return;
    if (target.extraBaseUrls.some((base) => isUnderBase(url, base))) return;
    if (hosts.some((entry) => hostEntryCovers(entry, url))) return;
    throw new AppError('debug.target_outside', { args: [`${url.origin}${url.pathname}`] });
  };
}

/** Records and refuses a call to an application whose debugging is off (checked before the body is read). */
export async function refuseDisabled(db: Db, target: DebugTarget, call: ProxyCall): Promise<never> {
  await recordAudit(
    db,
    target.actorId,
    'debug.proxy',
    { type: 'doc', id: target.doc.id },
    {
      method: call.method.toUpperCase(),
      target: (call.targetUrl ?? '').split('?')[0]?.slice(0, 200) ?? '',
      refused: 'debug.disabled',
    },
  );
  throw new AppError('debug.disabled');
}

/**
 * Sends one debug call on: checks the target against the environments (and the admin's hosts) on every hop,
 * the addresses against the allow rule through the guarded fetch, and records the call in the audit log,
 * refused or not.
 */
export async function proxyDebugCall(
  db: Db,
  target: DebugTarget,
  call: ProxyCall,
  options: ProxyOptions,
): Promise<ProxyAnswer> {
  const started = Date.now();
  const method = call.method.toUpperCase();
  let url: URL | undefined;
  const audit = (detail: Record<string, unknown>) =>
    recordAudit(
      db,
      target.actorId,
      'debug.proxy',
      { type: 'doc', id: target.doc.id },
      {
        method,
        // The path without the query: a query may carry a secret of the API being tried.
        target: url ? `${url.origin}${url.pathname}` : (call.targetUrl ?? '').slice(0, 200),
        ms: Date.now() - started,
        ...detail,
      },
    );
  try {
    if (!target.allowDebug) throw new AppError('debug.disabled');
    url = targetOf(call);
    const parsed = parseTargetHeaders(call.targetHeaders);
    if (!parsed) throw new AppError('debug.target_headers_invalid');
    let headers = withoutCredentials(parsed, call.credentials);
    let body = call.body?.length ? call.body : undefined;
    const declared = headerOf(headers, 'content-type') ?? '';
    if (body && (declared.toLowerCase().includes('multipart') || call.contentType?.includes('multipart'))) {
      if (!call.contentType?.toLowerCase().startsWith('multipart/')) throw new AppError('debug.body_invalid');
      const encoded = await reencodeMultipart(body, call.contentType);
      body = encoded.body;
      headers = { ...withoutHeader(headers, 'content-type'), 'Content-Type': encoded.type };
    } else if (body && !declared && call.contentType) {
      headers = { ...headers, 'Content-Type': call.contentType };
    }
    const checkUrl = await scopeCheck(db, target);
    const response = await guardedRequest(url.toString(), {
      rule: options.rule,
      method,
      headers,
      body,
      checkUrl,
      timeoutMs: options.timeoutMs,
      maxBytes: DebugLimits.maxBytes,
      ...(options.resolver ? { resolver: options.resolver } : {}),
    });
    // Fastify (and any browser) only speaks statuses 100-599; anything else is not an HTTP answer.
    if (response.status < 100 || response.status > 599)
      throw new AppError('debug.upstream_failed', { args: [`HTTP status ${response.status}`] });
    await audit({ status: response.status, bytes: response.body.length, redirects: response.redirects });
    return {
      status: response.status,
      headers: flatHeaders(response.headers, response.body.length),
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    };
  } catch (error) {
    const refusal =
      error instanceof AppError
        ? error
        : error instanceof FetchError
          ? fetchErrorToApp(error, options)
          : new AppError('debug.upstream_failed', { args: [(error as Error).message], cause: error });
    await audit({ refused: refusal.code });
    throw refusal;
  }
}
