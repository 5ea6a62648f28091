import { requiredLine } from '@quire/api-model';
import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { optionalText } from '../validation.ts';
import { defineCall } from './contract.ts';
import { ModuleIdQuery } from './modules.ts';
import { EntityId, IdRequest } from './spaces.ts';

/** Limits of dictionaries (Torna's enum_info / enum_item columns). */
export const EnumLimits = {
  nameMax: 128,
  descriptionMax: 255,
  typeMax: 64,
  valueMax: 255,
  itemsMax: 2000,
} as const;

/** A dictionary (enum) of an application. */
export const EnumInfo = z.object({
  id: z.string(),
  moduleId: z.string(),
  name: z.string(),
  description: z.string(),
});
export type EnumInfo = z.infer<typeof EnumInfo>;

/** One item of a dictionary: a literal `name`, its `type` and `value`, and what it means. */
export const EnumItem = z.object({
  id: z.string(),
  enumId: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.string(),
  description: z.string(),
  orderIndex: z.number().int(),
});
export type EnumItem = z.infer<typeof EnumItem>;

/** A dictionary with its items (`GET /api/doc/enum/info/all`). */
export const EnumInfoWithItems = EnumInfo.extend({ items: z.array(EnumItem) });
export type EnumInfoWithItems = z.infer<typeof EnumInfoWithItems>;

/** `?enumId=`. */
export const EnumIdQuery = z.object({ enumId: EntityId });

/** `POST /api/doc/enum/info/add`. Names are unique within the application. */
export const EnumAddRequest = z.object({
  moduleId: EntityId,
  name: requiredLine(EnumLimits.nameMax),
  description: optionalText(EnumLimits.descriptionMax).default(''),
});
export type EnumAddRequest = z.input<typeof EnumAddRequest>;

/** `POST /api/doc/enum/info/update`. */
export const EnumUpdateRequest = z.object({
  id: EntityId,
  name: requiredLine(EnumLimits.nameMax),
  description: optionalText(EnumLimits.descriptionMax).default(''),
});
export type EnumUpdateRequest = z.input<typeof EnumUpdateRequest>;

const ItemFields = {
  name: requiredLine(EnumLimits.nameMax),
  type: optionalText(EnumLimits.typeMax).default('string'),
  value: optionalText(EnumLimits.valueMax).default(''),
  description: optionalText(EnumLimits.descriptionMax).default(''),
};

/** `POST /api/doc/enum/item/add`. Item names are unique within the dictionary. */
export const EnumItemAddRequest = z.object({ enumId: EntityId, ...ItemFields });
export type EnumItemAddRequest = z.input<typeof EnumItemAddRequest>;

/** `POST /api/doc/enum/item/update`. */
export const EnumItemUpdateRequest = z.object({ id: EntityId, ...ItemFields });
export type EnumItemUpdateRequest = z.input<typeof EnumItemUpdateRequest>;

export const docEnumInfoBaselist = defineCall({
  method: 'GET',
  path: '/api/doc/enum/info/baselist',
  query: ModuleIdQuery,
  response: z.array(EnumInfo),
  access: 'user',
});

export const docEnumInfoAll = defineCall({
  method: 'GET',
  path: '/api/doc/enum/info/all',
  query: ModuleIdQuery,
  response: z.array(EnumInfoWithItems),
  access: 'user',
});

export const docEnumInfoAdd = defineCall({
  method: 'POST',
  path: '/api/doc/enum/info/add',
  body: EnumAddRequest,
  response: EnumInfo,
  access: 'user',
});

export const docEnumInfoUpdate = defineCall({
  method: 'POST',
  path: '/api/doc/enum/info/update',
  body: EnumUpdateRequest,
  response: EnumInfo,
  access: 'user',
});

export const docEnumInfoDelete = defineCall({
  method: 'POST',
  path: '/api/doc/enum/info/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

export const docEnumItemList = defineCall({
  method: 'GET',
  path: '/api/doc/enum/item/list',
  query: EnumIdQuery,
  response: z.array(EnumItem),
  access: 'user',
});

export const docEnumItemAdd = defineCall({
  method: 'POST',
  path: '/api/doc/enum/item/add',
  body: EnumItemAddRequest,
  response: EnumItem,
  access: 'user',
});

export const docEnumItemUpdate = defineCall({
  method: 'POST',
  path: '/api/doc/enum/item/update',
  body: EnumItemUpdateRequest,
  response: EnumItem,
  access: 'user',
});

export const docEnumItemDelete = defineCall({
  method: 'POST',
  path: '/api/doc/enum/item/delete',
  body: IdRequest,
  response: Empty,
  access: 'user',
});
