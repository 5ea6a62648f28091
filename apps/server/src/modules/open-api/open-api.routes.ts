import { isErrorCode } from '@quire/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { AppDeps } from '../../http/deps.ts';
import { formatBytes } from '../../http/error-handler.ts';
import { translate, translateIssue } from '../../http/lang.ts';
import { queueFailure } from '../messages/sync-outcome.ts';
import type { TokenModule } from './module-tokens.repository.ts';
import { registerModuleTokenRoutes } from './module-tokens.routes.ts';
import { authenticateOpenRequest } from './open-api.auth.ts';
import { OPEN_API_ACTOR } from './open-api.context.ts';
import { OpenApiError, type OpenApiReason } from './open-api.errors.ts';
import { OPEN_API_VERSION, OPEN_METHODS } from './open-api.methods.ts';
import { assertDataDepth, decodeData, fieldText, parseOpenRequest } from './open-api.request.ts';

/** The methods that write docs: their refusals reach the application's admins. */
const PUSH_METHODS = new Set(['doc.push', 'swagger-json.push']);

/** The reason of a refusal in the caller's language, the one argument of its message. */
function reasonText(lang: string, reason: OpenApiReason): string {
  if (reason.kind === 'import') return translate(lang, 'errors', `import.${reason.key}`, [reason.arg]);
  const { path, issue } = reason;
  const words = issue.startsWith('push.')
    ? translate(lang, 'push', issue.slice(5))
    : translateIssue(lang, issue);
  return `${path}: ${words}`;
}

/** The message of a refusal in the caller's language. */
function messageOf(lang: string, error: OpenApiError): string {
  const args = error.reason ? [reasonText(lang, error.reason)] : error.args;
  return translate(lang, 'push', error.key, args);
}

/** Answers any failure of the door in Torna's envelope: `{code, msg, data: null}` with a truthful status. */
function sendFailure(error: unknown, request: FastifyRequest, reply: FastifyReply, bodyLimit: number) {
  const lang = request.lang || 'zh-CN';
  let failure: OpenApiError;
  if (error instanceof OpenApiError) failure = error;
  else if (error instanceof AppError && error.status < 500) {
    const msg = isErrorCode(error.code) ? translate(lang, 'errors', error.code, error.args) : error.code;
    return reply.status(error.status).send({ code: '2', msg, data: null });
  } else {
    const code = (error as FastifyError | undefined)?.code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      failure = new OpenApiError('2', 'tooLarge', [formatBytes(bodyLimit)], { status: 413 });
    else if (typeof code === 'string' && code.startsWith('FST_ERR_CTP'))
      failure = new OpenApiError('2', 'bodyNotJson');
    else {
      request.log.error({ err: error }, 'open API call failed');
      failure = new OpenApiError('-9', 'systemError', [request.id]);
    }
  }
  return reply.status(failure.status).send({ code: failure.code, msg: messageOf(lang, failure), data: null });
}

/**
 * The open API door: `POST /api` exactly, Torna's push format byte for byte (docs/open-api.md). It lives in
 * its own scope: it reads any content type as text (clients differ), has its own body limit, and answers
 * every failure in Torna's codes instead of the web API's. The push-token routes of the web API register here too.
 */
export async function registerOpenApiRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, env } = deps;
  registerModuleTokenRoutes(app, deps);
  const bodyLimit = env.QUIRE_PUSH_BODY_LIMIT;
  const names = Object.keys(OPEN_METHODS).join(', ');
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error, request, reply) => sendFailure(error, request, reply, bodyLimit));
    // Every failure, thrown here or by Fastify before the handler (a body too large), reaches the scope's
    // error handler above: one path words them all.
    scope.post('/api', { bodyLimit, config: { auth: 'public' } }, async (request, reply) => {
      // The application of a push, once the token named it: a refused push is told to its admins.
      let pushedTo: TokenModule | undefined;
      try {
        const body = typeof request.body === 'string' ? request.body : '';
        const call = parseOpenRequest(body, request.headers['content-type']);
        const name = fieldText(call, 'name');
        if (!name) throw new OpenApiError('2', 'nameMissing');
        const version = fieldText(call, 'version') || OPEN_API_VERSION;
        const method = Object.hasOwn(OPEN_METHODS, name) ? OPEN_METHODS[name] : undefined;
        if (!method || version !== OPEN_API_VERSION)
          throw new OpenApiError('1', 'unknownMethod', [name.slice(0, 100), version.slice(0, 20), names]);
        const { module, settings } = await authenticateOpenRequest(db, call, env.QUIRE_SECRET_KEY);
        if (PUSH_METHODS.has(name)) pushedTo = module;
        const data = decodeData(call.data);
        assertDataDepth(data);
        const result = await method({ db, module, settings, log: request.log }, data);
        return reply
          .status(200)
          .send({ code: '0', msg: translate(request.lang, 'push', 'success'), data: result ?? null });
      } catch (error) {
        // A push refused for its content is told to the admins (the sync tells of its own failures); the
        // answer is still worded by the scope's one error handler.
        if (pushedTo && error instanceof OpenApiError) {
          const failure = error;
          await queueFailure(
            db,
            { moduleId: pushedTo.id, actorId: OPEN_API_ACTOR, author: 'OpenAPI', source: 'push' },
            (lang) => messageOf(lang, failure),
          );
        }
        throw error;
      }
    });
  });
}
