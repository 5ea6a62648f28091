import type { FastifyInstance } from 'fastify';

// The public share and composed-project pages and the calls they make, errors included.
const PUBLIC_PREFIXES = [
  '/share/',
  '/show/',
  '/api/share/',
  '/api/doc/share/view',
  '/api/compose/project/get',
  '/api/compose/project/checkPassword',
  '/api/compose/project/setting/getall',
  '/api/compose/doc/menu',
  '/api/compose/doc/view',
  '/api/compose/additional/listvisible',
  '/api/compose/additional/get',
];

/** Shared docs are for the people given the link: search engines are asked not to index any of it. */
export function registerVisitorHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if ((url.startsWith('/s') || url.startsWith('/api/')) && PUBLIC_PREFIXES.some((p) => url.startsWith(p)))
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    done(null, payload);
  });
}
