import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { Actor } from './types.ts';

/** The success envelope. */
export function ok<T>(data: T): { code: '0'; msg: ''; data: T } {
  return { code: '0', msg: '', data };
}

/** The actor of a route that requires a login; the auth hook has already refused anonymous callers. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('1000');
  return request.actor;
}

/** The client address used for throttling and the session record. */
export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
