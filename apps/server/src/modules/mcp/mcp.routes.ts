import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { APP_VERSION, PERSONAL_TOKEN_PREFIX } from '@quire/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadAccessContext } from '../../http/access.ts';
import { readToken, resolvePersonalToken } from '../../http/authenticate.ts';
import type { AppDeps } from '../../http/deps.ts';
import { langFromHeader } from '../../http/lang.ts';
import { buildMcpServer } from './mcp-server.ts';

/** The MCP door's body limit: a tool call is small; the largest input is a doc description (100 000 chars). */
const MCP_BODY_LIMIT = 1024 * 1024;

/** A JSON-RPC error answer without an id (the request could not be read or was refused before dispatch). */
function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .status(status)
    .header('content-type', 'application/json')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * The answer to a request without a valid personal token, as the MCP authorization section asks of a
 * protected resource: HTTP 401 with `WWW-Authenticate: Bearer` (RFC 6750: `invalid_token` when a token was
 * sent), and nothing else said: not whether the token existed, expired or was revoked.
 */
function unauthorized(reply: FastifyReply, sentToken: boolean) {
  reply.header(
    'www-authenticate',
    sentToken ? 'Bearer realm="quire", error="invalid_token"' : 'Bearer realm="quire"',
  );
  return rpcError(reply, 401, -32001, 'Unauthorized');
}

async function handleMcp(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const token = readToken(request);
  // Personal tokens only: a login session is the browser's, not an agent's (docs/mcp.md).
  const actor =
    token?.startsWith(PERSONAL_TOKEN_PREFIX) === true
      ? await resolvePersonalToken(deps.db, token, (error) =>
          request.log.warn({ reqId: request.id, err: error }, 'could not record the use of a token'),
        )
      : null;
  if (!actor) return unauthorized(reply, token !== undefined);
  const lang =
    langFromHeader(request.headers['accept-language']) ?? actor.user.lang ?? request.lang ?? 'zh-CN';
  const caller = { db: deps.db, actor, access: await loadAccessContext(deps.db, actor) };
  const server = buildMcpServer(caller, lang, APP_VERSION, (error) =>
    request.log.error({ reqId: request.id, err: error }, 'MCP tool failed'),
  );
  // Stateless: one server and transport per request, no session id; answers are JSON, never a stream.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    // The URL is only the transport's frame (the body is already parsed): a fixed one, never the Host header.
    const answer = await transport.handleRequest(
      new Request('http://localhost/mcp', { method: 'POST', headers }),
      { parsedBody: request.body },
    );
    reply.status(answer.status);
    answer.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(await answer.text());
  } finally {
    await server.close();
  }
}

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP (stateless), authenticated by a personal access
 * token (docs/mcp.md). Its own scope: JSON-RPC errors instead of the web API's envelope, its own body limit.
 * `GET` (a server stream) and `DELETE` (a session end) mean nothing without sessions: 405.
 */
export async function registerMcpRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return rpcError(reply, 413, -32600, 'Request too large');
      if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP'))
        return rpcError(reply, 400, -32700, 'Parse error');
      request.log.error({ err: error }, 'MCP request failed');
      return rpcError(reply, 500, -32603, 'Internal error');
    });
    scope.post('/mcp', { bodyLimit: MCP_BODY_LIMIT, config: { auth: 'public' } }, (request, reply) =>
      handleMcp(deps, request, reply),
    );
    for (const method of ['GET', 'DELETE'] as const) {
      scope.route({
        method,
        url: '/mcp',
        config: { auth: 'public' },
        handler: (_request, reply) => {
          reply.header('allow', 'POST');
          return rpcError(reply, 405, -32000, 'Method not allowed: this server is stateless, use POST');
        },
      });
    }
  });
}
