import {
  categoryCreate,
  categoryNameUpdate,
  enumBatchPush,
  enumPush,
  envDelete,
  envSet,
  moduleGet,
} from './application.methods.ts';
import { categoryList, docDetail, docDetails, docGet, docList } from './doc-read.methods.ts';
import type { OpenMethod } from './open-api.context.ts';
import { docPush, swaggerJsonPush } from './push.methods.ts';

/** Every method of the open API, by Torna's name (all at version 1.0), each scoped to the token's application. */
export const OPEN_METHODS: Readonly<Record<string, OpenMethod>> = {
  'doc.push': docPush,
  'swagger-json.push': swaggerJsonPush,
  'doc.category.create': categoryCreate,
  'doc.category.name.update': categoryNameUpdate,
  'doc.category.list': categoryList,
  'doc.list': docList,
  'doc.detail': docDetail,
  'doc.details': docDetails,
  'doc.get': docGet,
  'enum.push': enumPush,
  'enum.batch.push': enumBatchPush,
  'module.debug.env.set': envSet,
  'module.debug.env.delete': envDelete,
  'module.get': moduleGet,
};

/** The version every method answers to (easyopen's default; clients may leave it out). */
export const OPEN_API_VERSION = '1.0';
