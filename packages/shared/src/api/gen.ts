import { requiredLine } from '@quire/api-model';
import { z } from 'zod';
import { EntityId } from './spaces.ts';

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
