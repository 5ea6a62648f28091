import { requiredLine } from '@quire/api-model';
import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { defineCall } from './contract.ts';
import { DocIdQuery } from './docs.ts';
import { EntityId, IdRequest } from './spaces.ts';

/** Limits of code generation templates. */
export const GenLimits = { nameMax: 64, groupNameMax: 64, contentMax: 100_000 } as const;

const TemplateFields = {
  groupName: requiredLine(GenLimits.groupNameMax),
  name: requiredLine(GenLimits.nameMax),
  content: z.string().max(GenLimits.contentMax, { error: `validation.max|${GenLimits.contentMax}` }),
};

/** `POST /api/admin/gen/template/save`. */
export const GenTemplateSaveRequest = z.object(TemplateFields);
export type GenTemplateSaveRequest = z.input<typeof GenTemplateSaveRequest>;

/** `POST /api/admin/gen/template/update`. */
export const GenTemplateUpdateRequest = z.object({ id: EntityId, ...TemplateFields });
export type GenTemplateUpdateRequest = z.input<typeof GenTemplateUpdateRequest>;

/** A template with its text (`/api/admin/gen/template/detail`). */
export const GenTemplate = z.object({
  id: z.string(),
  groupName: z.string(),
  name: z.string(),
  content: z.string(),
  updateTime: z.string(),
  /** Why the template may not be rendered ('' when it may): a Torna template awaiting its Liquid rewrite. */
  disabledNote: z.string(),
});
export type GenTemplate = z.infer<typeof GenTemplate>;

/** The template tree: groups with their templates (without text). */
export const GenTemplateGroup = z.object({
  groupName: z.string(),
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type GenTemplateGroup = z.infer<typeof GenTemplateGroup>;

/** `POST /api/doc/gen/generate`. */
export const GenGenerateRequest = z.object({ docId: EntityId, templateId: EntityId });
export type GenGenerateRequest = z.input<typeof GenGenerateRequest>;

export const GenGenerateResult = z.object({ docName: z.string(), content: z.string() });
export type GenGenerateResult = z.infer<typeof GenGenerateResult>;

export const adminGenTemplateTree = defineCall({
  method: 'GET',
  path: '/api/admin/gen/template/tree',
  response: z.array(GenTemplateGroup),
  access: 'superAdmin',
});

export const adminGenTemplateListGroupName = defineCall({
  method: 'GET',
  path: '/api/admin/gen/template/listGroupName',
  response: z.array(z.string()),
  access: 'superAdmin',
});

export const adminGenTemplateDetail = defineCall({
  method: 'GET',
  path: '/api/admin/gen/template/detail',
  query: DocIdQuery,
  response: GenTemplate,
  access: 'superAdmin',
});

export const adminGenTemplateSave = defineCall({
  method: 'POST',
  path: '/api/admin/gen/template/save',
  body: GenTemplateSaveRequest,
  response: z.object({ id: z.string() }),
  access: 'superAdmin',
});

export const adminGenTemplateUpdate = defineCall({
  method: 'POST',
  path: '/api/admin/gen/template/update',
  body: GenTemplateUpdateRequest,
  response: Empty,
  access: 'superAdmin',
});

export const adminGenTemplateDelete = defineCall({
  method: 'POST',
  path: '/api/admin/gen/template/delete',
  body: IdRequest,
  response: Empty,
  access: 'superAdmin',
});

export const docGenTemplateTree = defineCall({
  method: 'GET',
  path: '/api/doc/gen/template/tree',
  response: z.array(GenTemplateGroup),
  access: 'user',
});

export const docGenGenerate = defineCall({
  method: 'POST',
  path: '/api/doc/gen/generate',
  body: GenGenerateRequest,
  response: GenGenerateResult,
  access: 'user',
});
