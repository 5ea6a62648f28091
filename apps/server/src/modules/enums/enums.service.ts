import { Ordering } from '@quire/api-model';
import type {
  EnumAddRequest,
  EnumInfoWithItems,
  EnumItemAddRequest,
  EnumItemUpdateRequest,
  EnumUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeEnum, type EnumAction } from '../../policies/enum.policy.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { presentWithItems } from './enums.presenter.ts';
import {
  deleteEnum,
  deleteItem,
  type EnumItemRow,
  type EnumRow,
  findEnum,
  findEnumByName,
  findEnumsOfModule,
  findItem,
  findItemByName,
  insertEnum,
  insertItem,
  listEnums,
  listItems,
  maxItemOrder,
  updateEnum,
  updateItem,
} from './enums.repository.ts';

/** Loads a live module and checks the caller may do `action` to its dictionaries. */
async function loadEnumModule(c: Caller, moduleId: string, action: EnumAction): Promise<ModuleRow> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  authorizeEnum(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    action,
  );
  return module;
}

/** Loads a dictionary of a live module the caller may act on. */
async function loadEnum(c: Caller, id: string, action: EnumAction): Promise<EnumRow> {
  const row = await findEnum(c.db, id);
  if (!row) throw new AppError('enum.not_found');
  try {
    await loadEnumModule(c, row.moduleId, action);
  } catch (error) {
    // A dictionary of a deleted application is gone for callers too.
    if (error instanceof AppError && error.code === 'module.not_found') throw new AppError('enum.not_found');
    throw error;
  }
  return row;
}

async function loadItem(c: Caller, id: string, action: EnumAction): Promise<EnumItemRow> {
  const item = await findItem(c.db, id);
  if (!item) throw new AppError('enum.item_not_found');
  await loadEnum(c, item.enumId, action);
  return item;
}

async function assertEnumNameFree(db: Db, moduleId: string, name: string, selfId?: string): Promise<void> {
  const other = await findEnumByName(db, moduleId, name);
  if (other && other.id !== selfId) throw new AppError('enum.name_taken', { args: [name] });
}

async function assertItemNameFree(db: Db, enumId: string, name: string, selfId?: string): Promise<void> {
  const other = await findItemByName(db, enumId, name);
  if (other && other.id !== selfId) throw new AppError('enum.item_name_taken', { args: [name] });
}

/** Runs a write, answering a concurrent duplicate name as the clear conflict. */
async function uniqueOr<T>(error: AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (cause) {
    if (isUniqueViolation(cause)) throw error;
    throw cause;
  }
}

/** The dictionaries of an application, without items (`baselist`). */
export async function listModuleEnums(c: Caller, moduleId: string): Promise<EnumRow[]> {
  const module = await loadEnumModule(c, moduleId, 'read');
  return listEnums(c.db, module.id);
}

/** The dictionaries of an application with their items (`info/all`). */
export async function listModuleEnumsWithItems(c: Caller, moduleId: string): Promise<EnumInfoWithItems[]> {
  const module = await loadEnumModule(c, moduleId, 'read');
  const enums = await listEnums(c.db, module.id);
  return presentWithItems(
    enums,
    await listItems(
      c.db,
      enums.map((e) => e.id),
    ),
  );
}

/** The dictionaries of a module among `ids`, with items; for a doc the caller already may read. */
export async function enumsWithItems(
  c: Pick<Caller, 'db'>,
  moduleId: string,
  ids: ReadonlyArray<string>,
): Promise<EnumInfoWithItems[]> {
  const enums = await findEnumsOfModule(c.db, moduleId, ids);
  return presentWithItems(
    enums,
    await listItems(
      c.db,
      enums.map((e) => e.id),
    ),
  );
}

/** Adds a dictionary (project devs and admins); names are unique in the application. */
export async function addEnum(c: Caller, input: z.output<typeof EnumAddRequest>): Promise<EnumRow> {
  const module = await loadEnumModule(c, input.moduleId, 'write');
  await assertEnumNameFree(c.db, module.id, input.name);
  const now = nowIso();
  const row: EnumRow = {
    id: newId(),
    moduleId: module.id,
    name: input.name,
    description: input.description,
    createdBy: c.actor.user.id,
    createdAt: now,
    updatedAt: now,
  };
  await uniqueOr(new AppError('enum.name_taken', { args: [input.name] }), () => insertEnum(c.db, row));
  return row;
}

/** Renames or redescribes a dictionary. */
export async function editEnum(c: Caller, input: z.output<typeof EnumUpdateRequest>): Promise<EnumRow> {
  const row = await loadEnum(c, input.id, 'write');
  await assertEnumNameFree(c.db, row.moduleId, input.name, row.id);
  const changes = { name: input.name, description: input.description, updatedAt: nowIso() };
  await uniqueOr(new AppError('enum.name_taken', { args: [input.name] }), () =>
    updateEnum(c.db, row.id, changes),
  );
  return { ...row, ...changes };
}

/** Deletes a dictionary and its items (project admins). Params that linked it keep a dangling id, shown as none. */
export async function removeEnum(c: Caller, id: string): Promise<void> {
  const row = await loadEnum(c, id, 'delete');
  await c.db.transaction().execute((trx) => deleteEnum(trx, row.id));
}

/** The items of a dictionary. */
export async function listEnumItems(c: Caller, enumId: string): Promise<EnumItemRow[]> {
  const row = await loadEnum(c, enumId, 'read');
  return listItems(c.db, [row.id]);
}

/** Adds an item at the end of a dictionary; names are unique in it. */
export async function addEnumItem(
  c: Caller,
  input: z.output<typeof EnumItemAddRequest>,
): Promise<EnumItemRow> {
  const parent = await loadEnum(c, input.enumId, 'write');
  await assertItemNameFree(c.db, parent.id, input.name);
  const item: EnumItemRow = {
    id: newId(),
    enumId: parent.id,
    name: input.name,
    type: input.type,
    value: input.value,
    description: input.description,
    orderIndex: (await maxItemOrder(c.db, parent.id)) + Ordering.step,
  };
  await uniqueOr(new AppError('enum.item_name_taken', { args: [input.name] }), () => insertItem(c.db, item));
  return item;
}

/** Edits an item. */
export async function editEnumItem(
  c: Caller,
  input: z.output<typeof EnumItemUpdateRequest>,
): Promise<EnumItemRow> {
  const item = await loadItem(c, input.id, 'write');
  await assertItemNameFree(c.db, item.enumId, input.name, item.id);
  const changes = { name: input.name, type: input.type, value: input.value, description: input.description };
  await uniqueOr(new AppError('enum.item_name_taken', { args: [input.name] }), () =>
    updateItem(c.db, item.id, changes),
  );
  return { ...item, ...changes };
}

/** Deletes an item (devs may, as they edit dictionaries). */
export async function removeEnumItem(c: Caller, id: string): Promise<void> {
  const item = await loadItem(c, id, 'write');
  await deleteItem(c.db, item.id);
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  deleteItem,
  deleteItems,
  insertEnum,
  insertEnums,
  insertItem,
  insertItems,
  listEnums,
  listItems,
  updateEnum,
} from './enums.repository.ts';
