import {
  Empty,
  EnumAddRequest,
  EnumIdQuery,
  EnumInfo,
  EnumInfoWithItems,
  EnumItem,
  EnumItemAddRequest,
  EnumItemUpdateRequest,
  EnumUpdateRequest,
  envelope,
  IdRequest,
  ModuleIdQuery,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/reply.ts';
import { presentEnum, presentItem } from './enums.presenter.ts';
import {
  addEnum,
  addEnumItem,
  editEnum,
  editEnumItem,
  listEnumItems,
  listModuleEnums,
  listModuleEnumsWithItems,
  removeEnum,
  removeEnumItem,
} from './enums.service.ts';

/** Dictionaries (enums) of an application and their items, under Torna's paths; deletes are POSTs. */
export function registerEnumRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/doc/enum/info/baselist',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(z.array(EnumInfo)) } } },
    async (request) =>
      ok((await listModuleEnums(await callerOf(request, db), request.query.moduleId)).map(presentEnum)),
  );

  r.get(
    '/api/doc/enum/info/all',
    { schema: { querystring: ModuleIdQuery, response: { 200: envelope(z.array(EnumInfoWithItems)) } } },
    async (request) =>
      ok(await listModuleEnumsWithItems(await callerOf(request, db), request.query.moduleId)),
  );

  r.post(
    '/api/doc/enum/info/add',
    { schema: { body: EnumAddRequest, response: { 200: envelope(EnumInfo) } } },
    async (request) => ok(presentEnum(await addEnum(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/doc/enum/info/update',
    { schema: { body: EnumUpdateRequest, response: { 200: envelope(EnumInfo) } } },
    async (request) => ok(presentEnum(await editEnum(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/doc/enum/info/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeEnum(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/api/doc/enum/item/list',
    { schema: { querystring: EnumIdQuery, response: { 200: envelope(z.array(EnumItem)) } } },
    async (request) =>
      ok((await listEnumItems(await callerOf(request, db), request.query.enumId)).map(presentItem)),
  );

  r.post(
    '/api/doc/enum/item/add',
    { schema: { body: EnumItemAddRequest, response: { 200: envelope(EnumItem) } } },
    async (request) => ok(presentItem(await addEnumItem(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/doc/enum/item/update',
    { schema: { body: EnumItemUpdateRequest, response: { 200: envelope(EnumItem) } } },
    async (request) => ok(presentItem(await editEnumItem(await callerOf(request, db), request.body))),
  );

  r.post(
    '/api/doc/enum/item/delete',
    { schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removeEnumItem(await callerOf(request, db), request.body.id);
      return ok(null);
    },
  );
}
