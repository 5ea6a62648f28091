import {
  DocIdQuery,
  Empty,
  envelope,
  GenGenerateRequest,
  GenGenerateResult,
  GenTemplate,
  GenTemplateGroup,
  GenTemplateSaveRequest,
  GenTemplateUpdateRequest,
  IdRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import {
  changeTemplate,
  generate,
  groupNames,
  removeTemplate,
  saveTemplate,
  templateDetail,
  templateTree,
} from './gen.service.ts';

/** Code generation: super admins manage templates, readers of a doc render one against it. */
export function registerGenRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'superAdmin' as const };
  const tree = { response: { 200: envelope(z.array(GenTemplateGroup)) } };

  r.get('/api/admin/gen/template/tree', { config, schema: tree }, async () => ok(await templateTree({ db })));
  r.get(
    '/api/admin/gen/template/listGroupName',
    { config, schema: { response: { 200: envelope(z.array(z.string())) } } },
    async () => ok(await groupNames({ db })),
  );
  r.get(
    '/api/admin/gen/template/detail',
    { config, schema: { querystring: DocIdQuery, response: { 200: envelope(GenTemplate) } } },
    async (request) => ok(await templateDetail({ db }, request.query.id)),
  );
  r.post(
    '/api/admin/gen/template/save',
    {
      config,
      schema: { body: GenTemplateSaveRequest, response: { 200: envelope(z.object({ id: z.string() })) } },
    },
    async (request) => ok(await saveTemplate(await callerOf(request, db), request.body)),
  );
  r.post(
    '/api/admin/gen/template/update',
    { config, schema: { body: GenTemplateUpdateRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await changeTemplate(await callerOf(request, db), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/admin/gen/template/delete',
    { config, schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeTemplate(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.get('/api/doc/gen/template/tree', { schema: tree }, async () => ok(await templateTree({ db })));
  r.post(
    '/api/doc/gen/generate',
    { schema: { body: GenGenerateRequest, response: { 200: envelope(GenGenerateResult) } } },
    async (request) =>
      ok(await generate(await callerOf(request, db), request.body.docId, request.body.templateId)),
  );
}
