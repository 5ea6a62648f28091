import type { FastifyInstance } from 'fastify';

/**
 * Every `/api` answer says how long the server spent on it, from the request's arrival to its serialized
 * body (`Server-Timing: app;dur=<ms>`), so a benchmark or a browser's network panel can tell server time from
 * the round trip. A duration says nothing about the data, so it is safe to show any caller.
 */
export function registerServerTiming(app: FastifyInstance): void {
  // A callback hook rather than an async one: it runs on every answer, and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api')) {
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    }
    done(null, payload);
  });
}
