import {
  GenGenerateResult,
  GenTemplate,
  GenTemplateGroup,
  type GenTemplateSaveRequest,
  type GenTemplateUpdateRequest,
} from '@quire/shared';
import { z } from 'zod';
import { apiGet, apiPost, type RequestOptions } from '../../lib/api-client.ts';

/** Template groups a reader may generate with. */
export function listGenTemplates(options?: RequestOptions) {
  return apiGet('/doc/gen/template/tree', z.array(GenTemplateGroup), undefined, options);
}

/** Renders a template against a doc; a failing render is shown by the dialog. */
export function generateCode(docId: string, templateId: string) {
  return apiPost('/doc/gen/generate', GenGenerateResult, { docId, templateId }, { silent: true });
}

/** The template tree of the admin console (super admins). */
export function listAdminGenTemplates(options?: RequestOptions) {
  return apiGet('/admin/gen/template/tree', z.array(GenTemplateGroup), undefined, options);
}

/** Group names in use, offered when a template is filed. */
export function listGenGroupNames(options?: RequestOptions) {
  return apiGet('/admin/gen/template/listGroupName', z.array(z.string()), undefined, options);
}

/** One template with its text. */
export function getGenTemplate(id: string, options?: RequestOptions) {
  return apiGet('/admin/gen/template/detail', GenTemplate, { id }, options);
}

/** A new template; a syntax error is refused with its line and column (said in the form). */
export function saveGenTemplate(body: GenTemplateSaveRequest) {
  return apiPost('/admin/gen/template/save', z.object({ id: z.string() }), body, { silent: true });
}

export function updateGenTemplate(body: GenTemplateUpdateRequest) {
  return apiPost('/admin/gen/template/update', z.null(), body, { silent: true });
}

export function deleteGenTemplate(id: string) {
  return apiPost('/admin/gen/template/delete', z.null(), { id });
}
