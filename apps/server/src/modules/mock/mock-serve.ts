// `ANY /mock/**`: public, as in Torna, since front-end code and tools call it without a login. A mock never runs
// script on Quire's origin: every answer (errors included) carries `X-Content-Type-Options: nosniff` and
// `Content-Security-Policy: sandbox`, so an HTML body a mock serves is an opaque-origin document that can
// neither run script nor read Quire's storage; QUIRE_MOCK_ORIGIN moves mocks to an origin of their own. CORS is
// open here, and only here.
import { setTimeout as sleep } from 'node:timers/promises';
import type { JsonValue } from '@quire/sandbox';
import { MockLimits } from '@quire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { translate } from '../../http/lang.ts';
import type { Db } from '../../db/database.ts';
import { conditionsOf, nameValues } from './mock.presenter.ts';
import {
  findDocContent,
  findServable,
  isLiveModule,
  listDocConfigs,
  listRouteDocs,
  type MockRow,
  pathKeyOwners,
} from './mock.repository.ts';
import { syncDefaultMock } from './mock.service.ts';
import { matchDoc, pickDocMock } from './mock-app.ts';
import { answersAt, bareKey, type IncomingRequest, pathKeys, pickMock } from './mock-match.ts';
import { answerOf, type RunScript, type ScriptRequest } from './mock-response.ts';

/** Request bodies a mock reads: enough for any sample payload, small enough to parse per request. */
const MOCK_BODY_LIMIT = 1024 * 1024;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': '*',
} as const;

/** Query or form text into fields; a repeated field keeps every value. */
function fieldsOf(text: string, into: Record<string, string[]>): void {
  for (const [name, value] of new URLSearchParams(text)) {
    if (!Object.hasOwn(into, name))
      Object.defineProperty(into, name, { value: [], enumerable: true, writable: true });
    into[name]?.push(value);
  }
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed || (trimmed[0] !== '{' && trimmed[0] !== '[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

function headersOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function notFound(request: FastifyRequest, reply: FastifyReply, key: string, text: string): FastifyReply {
  return reply
    .status(404)
    .header('content-type', 'application/json; charset=utf-8')
    .send(
      JSON.stringify({
        code: 'mock.not_configured',
        msg: translate(request.lang, 'mock', key, [text]),
        data: null,
      }),
    );
}

/** `m/<moduleId>/<rest>`: a request under an application's mock base (when that application is live). */
function appBaseOf(path: string): { moduleId: string; rest: string } | undefined {
  const [first, moduleId, ...rest] = path.split('/');
  if (first !== 'm' || !moduleId || !/^[0-9A-Za-z_-]{1,64}$/.test(moduleId)) return undefined;
  return { moduleId, rest: rest.join('/') };
}

/**
 * The configuration a request under an application's mock base gets: the application's doc at the request's
 * method and path, with its configuration whose conditions match, else its default mock (created and kept in
 * step with the doc's response params on the way). Undefined when no doc of the application matches.
 */
async function appMock(
  db: Db,
  moduleId: string,
  method: string,
  rest: string,
  incoming: IncomingRequest,
): Promise<MockRow | undefined> {
  const doc = matchDoc(await listRouteDocs(db, moduleId), method, rest);
  if (!doc) return undefined;
  const configs = await listDocConfigs(db, doc.id);
  const picked = pickDocMock(
    configs.map((row) => ({ ...row, conditions: conditionsOf(row) })),
    incoming,
  );
  if (picked) return picked;
  const content = await findDocContent(db, doc.id);
  return content === undefined ? undefined : await syncDefaultMock(db, doc.id, content);
}

export async function registerMockServing(
  app: FastifyInstance,
  { db, env }: AppDeps,
  runScript: RunScript,
): Promise<void> {
  const origin = env.QUIRE_MOCK_ORIGIN;
  const mockHost = origin ? new URL(origin).host : undefined;
  await app.register(async (scope) => {
    // Any content type is read as text: clients send whatever the real API takes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MOCK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(SECURITY_HEADERS);
      done(null, payload);
    });

    // Any method, as in Torna (every method Fastify routes; HEAD comes with GET).
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE'],
      url: '/mock/*',
      config: { auth: 'public' },
      bodyLimit: MOCK_BODY_LIMIT,
      handler: async (request, reply) => {
        if (mockHost && request.host !== mockHost)
          return notFound(request, reply, 'wrongOrigin', origin ?? '');
        if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
          // A CORS preflight: any method and the headers asked for.
          return reply
            .status(204)
            .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
            .header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*')
            .header('access-control-max-age', '600')
            .send();
        }
        const raw = request.url.slice('/mock/'.length);
        const mark = raw.indexOf('?');
        const path = mark < 0 ? raw : raw.slice(0, mark);
        const query = mark < 0 ? '' : raw.slice(mark + 1);
        const bodyText = typeof request.body === 'string' ? request.body : '';
        const fields: Record<string, string[]> = {};
        fieldsOf(query, fields);
        const type = String(request.headers['content-type'] ?? '').toLowerCase();
        if (type.startsWith('application/x-www-form-urlencoded')) fieldsOf(bodyText, fields);
        const json = parseJson(bodyText);
        const incoming: IncomingRequest = { fields, json, headers: request.headers };
        const app = appBaseOf(path);
        const underBase = app !== undefined && (await isLiveModule(db, app.moduleId));
        let config: MockRow | undefined;
        if (app && underBase) {
          // The application's own mock base: only its docs answer here.
          config = await appMock(db, app.moduleId, request.method, app.rest, incoming);
        } else {
          // The legacy namespace: a configuration by id, else a path key held by the configuration's application.
          const keys = pathKeys(path, query);
          const found = keys.length || path ? await findServable(db, keys, path) : [];
          // A key with a query answers only for the application holding the path without it, if anyone does.
          const withQuery = found.filter((row) => row.id !== path && row.pathKey.includes('?'));
          const owners = withQuery.length
            ? await pathKeyOwners(db, [
                ...withQuery.map((row) => row.pathKey),
                ...withQuery.map((row) => bareKey(row.pathKey)),
              ])
            : new Map<string, string>();
          const rows = found.filter(
            (row) =>
              row.id === path || !row.pathKey.includes('?') || answersAt(row.pathKey, row.moduleId, owners),
          );
          config = pickMock(
            rows.map((row) => ({ ...row, conditions: conditionsOf(row) })),
            keys,
            path,
            incoming,
          );
          if (config && config.isDefault === 1 && config.resultType === 0) {
            // The default mock follows the doc's current response params, however the doc last changed.
            const content = await findDocContent(db, config.docId);
            const synced = content ? await syncDefaultMock(db, config.docId, content) : undefined;
            if (synced) config = synced;
          }
        }
        if (!config) return notFound(request, reply, 'notConfigured', `/mock/${raw}`.slice(0, 300));
        // Never blocks anything but this request: a timer, not a busy wait.
        const delay = Math.min(Math.max(config.delayMs, 0), MockLimits.delayMax);
        if (delay > 0) await sleep(delay);
        const params: Record<string, string | string[]> = {};
        for (const [name, values] of Object.entries(fields))
          params[name] = values.length === 1 ? (values[0] ?? '') : values;
        const scriptRequest: ScriptRequest = {
          method: request.method,
          path: `/${app && underBase ? app.rest : path}`,
          params,
          body: (json ?? bodyText) as JsonValue,
          headers: headersOf(request),
        };
        const answer = await answerOf(
          {
            httpStatus: config.httpStatus,
            responseHeaders: nameValues(config.responseHeaders),
            resultType: config.resultType,
            responseBody: config.responseBody,
            mockScript: config.mockScript,
          },
          scriptRequest,
          runScript,
          request.lang,
        );
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  });
}
