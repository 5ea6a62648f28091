import {
  docEnumInfoAdd,
  docEnumInfoAll,
  docEnumInfoBaselist,
  docEnumInfoDelete,
  docEnumInfoUpdate,
  docEnumItemAdd,
  docEnumItemDelete,
  docEnumItemList,
  docEnumItemUpdate,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
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
  route(app, docEnumInfoBaselist, async (request) =>
    (await listModuleEnums(await callerOf(request, db), request.query.moduleId)).map(presentEnum),
  );

  route(
    app,
    docEnumInfoAll,
    async (request) => await listModuleEnumsWithItems(await callerOf(request, db), request.query.moduleId),
  );

  route(app, docEnumInfoAdd, async (request) =>
    presentEnum(await addEnum(await callerOf(request, db), request.body)),
  );

  route(app, docEnumInfoUpdate, async (request) =>
    presentEnum(await editEnum(await callerOf(request, db), request.body)),
  );

  route(app, docEnumInfoDelete, async (request) => {
    await removeEnum(await callerOf(request, db), request.body.id);
    return null;
  });

  route(app, docEnumItemList, async (request) =>
    (await listEnumItems(await callerOf(request, db), request.query.enumId)).map(presentItem),
  );

  route(app, docEnumItemAdd, async (request) =>
    presentItem(await addEnumItem(await callerOf(request, db), request.body)),
  );

  route(app, docEnumItemUpdate, async (request) =>
    presentItem(await editEnumItem(await callerOf(request, db), request.body)),
  );

  route(app, docEnumItemDelete, async (request) => {
    await removeEnumItem(await callerOf(request, db), request.body.id);
    return null;
  });
}
