import {
  type Access,
  type CallBody,
  type CallContract,
  type CallQuery,
  type CallResult,
  envelope,
} from '@quire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ok } from './reply.ts';

/** The request a call's handler gets: query and body typed by its contract (validated before it runs). */
export type CallRequest<C extends CallContract> = FastifyRequest<{
  Querystring: CallQuery<C>;
  Body: CallBody<C>;
}>;

/**
 * A call's handler: answers the contract's `data`; the envelope is added here. It may answer without a
 * promise when it can (the permission read on every page load), which saves the promise chain. A handler
 * that has sent the answer itself (the read cache's serialized envelope, or a 304) returns the reply.
 */
export type CallHandler<C extends CallContract> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => CallResult<C> | FastifyReply | Promise<CallResult<C> | FastifyReply>;

/** Route options a contract does not carry. */
export interface RouteOptions {
  /** How large a body this route reads (a whole doc needs more than the default). */
  bodyLimit?: number;
  /** A check of the raw body before the schema runs (the JSON nesting depth). */
  preValidation?: (request: FastifyRequest) => Promise<void>;
  /**
   * Narrows the contract's access on this server: the debug calls are 'optional' only when the share gate
   * that checks a visitor's session is wired, and for active users otherwise.
   */
  access?: Access;
  /**
   * false: the body is not checked against the contract's schema here, because it may also come as a
   * multipart upload (a Swagger file); the handler parses it.
   */
  validateBody?: false;
}

/**
 * Registers the route of a call from its contract: method, path, input schema, the enveloped answer
 * schema and the access level all come from the contract, so they cannot drift from what the web sends.
 */
export function route<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: CallHandler<C>,
  options: RouteOptions = {},
): void {
  const schema: FastifySchema = { response: { 200: envelope(contract.response) } };
  if (contract.query) schema.querystring = contract.query;
  const { access = contract.access, validateBody, ...rest } = options;
  if (contract.body && validateBody !== false) schema.body = contract.body;
  app.route({
    method: contract.method,
    url: contract.path,
    schema,
    config: { auth: access },
    ...rest,
    handler: (request, reply) => {
      // A Fastify reply is a thenable: a handler's promise that resolves to it resolves, once the answer has
      // gone out, to undefined, not to the reply. So "already answered" is read off the reply itself; sending
      // an envelope then would be a second send (Fastify warns "Reply was already sent").
      const answer = (data: CallResult<C> | FastifyReply) =>
        data === reply ? reply : reply.sent ? undefined : ok(data);
      const data = handler(request as CallRequest<C>, reply);
      return data instanceof Promise ? data.then(answer) : answer(data);
    },
  });
}
