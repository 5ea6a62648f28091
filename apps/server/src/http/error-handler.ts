import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { translate, translateIssue } from './lang.ts';

/** Fastify's own error codes mapped to ours. */
const FASTIFY_CODES: Record<
  string,
  { code: 'http.malformed_json' | 'http.payload_too_large' | 'http.unsupported_media_type'; status: number }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'http.malformed_json', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'http.malformed_json', status: 400 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'http.malformed_json', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'http.payload_too_large', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'http.unsupported_media_type', status: 415 },
};

/** `10 MB`, `512 KB`: a byte count as people read limits. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/**
 * The one error handler: every failure becomes `{code, msg, data}` with a truthful HTTP status and a
 * message in the caller's language. Unknown errors are logged with the request id and answered as a
 * generic 500; no stack trace or internal message reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'zh-CN';
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, msg: translate(lang, 'errors', error.code, error.args), data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((issue) => {
        const field = `${where}${issue.instancePath.replaceAll('/', '.')}`.replace(/\.$/, '');
        const message = issue.message ?? 'validation.invalid';
        const isKey = message.startsWith('validation.');
        // zod's own English words are kept for English callers; other languages get the translated generic text.
        const words =
          isKey || lang !== 'en' ? translateIssue(lang, isKey ? message : 'validation.invalid') : message;
        return { path: field, message: words };
      });
      const msg = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      return reply.status(400).send({ code: 'validation.invalid_input', msg, data: { issues } });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      // A refused body says how large a body this route takes (routes such as doc save take more).
      const args =
        mapped.code === 'http.payload_too_large' ? [formatBytes(request.routeOptions.bodyLimit)] : [];
      return reply
        .status(mapped.status)
        .send({ code: mapped.code, msg: translate(lang, 'errors', mapped.code, args), data: null });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        code: 'http.too_many_requests',
        msg: translate(lang, 'errors', 'http.too_many_requests'),
        data: null,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { reqId: request.id, err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
    } else {
      request.log.error({ reqId: request.id, err: error }, 'unhandled error');
    }
    return reply
      .status(500)
      .send({ code: 'internal', msg: translate(lang, 'errors', 'internal'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    // Only /api and /mock reach here; the web routes answer the SPA for every other path.
    const lang = request.lang ?? 'zh-CN';
    return reply
      .status(404)
      .send({ code: 'http.not_found', msg: translate(lang, 'errors', 'http.not_found'), data: null });
  });
}
