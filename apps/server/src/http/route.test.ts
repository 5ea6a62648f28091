import { Writable } from 'node:stream';
import { defineCall } from '@quire/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './route.ts';

const listCall = defineCall({
  method: 'GET',
  path: '/api/probe/list',
  response: z.array(z.number()),
  access: 'public',
});

/** An app that keeps every warning its logger writes. */
async function appWithRoutes(register: (app: ReturnType<typeof Fastify>) => void) {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      warnings.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  register(app);
  await app.ready();
  return { app, warnings };
}

describe('route()', () => {
  it('wraps what a handler answers in the envelope, with or without a promise', async () => {
    const { app, warnings } = await appWithRoutes((app) => route(app, listCall, () => [1, 2]));
    const answer = await app.inject('/api/probe/list');
    expect(answer.json()).toEqual({ code: '0', msg: '', data: [1, 2] });
    expect(warnings).toEqual([]);
  });

  it('sends nothing more when the handler answered itself (a cached body, a 304)', async () => {
    const { app, warnings } = await appWithRoutes((app) =>
      route(app, listCall, async (_request, reply) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return reply.type('application/json; charset=utf-8').send('{"code":"0","msg":"","data":[7]}');
      }),
    );
    const answer = await app.inject('/api/probe/list');
    expect(answer.json()).toEqual({ code: '0', msg: '', data: [7] });
    // A second send is refused by Fastify with the warning "Reply was already sent".
    expect(warnings).toEqual([]);
  });
});
