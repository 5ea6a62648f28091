import {
  adminGenTemplateDelete,
  adminGenTemplateDetail,
  adminGenTemplateListGroupName,
  adminGenTemplateSave,
  adminGenTemplateTree,
  adminGenTemplateUpdate,
  docGenGenerate,
  docGenTemplateTree,
  type GenTemplateSaveRequest,
  type GenTemplateUpdateRequest,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** Template groups a reader may generate with. */
export function listGenTemplates(options?: RequestOptions) {
  return call(docGenTemplateTree, undefined, options);
}

/** Renders a template against a doc; a failing render is shown by the dialog. */
export function generateCode(docId: string, templateId: string) {
  return call(docGenGenerate, { docId, templateId }, { silent: true });
}

/** The template tree of the admin console (super admins). */
export function listAdminGenTemplates(options?: RequestOptions) {
  return call(adminGenTemplateTree, undefined, options);
}

/** Group names in use, offered when a template is filed. */
export function listGenGroupNames(options?: RequestOptions) {
  return call(adminGenTemplateListGroupName, undefined, options);
}

/** One template with its text. */
export function getGenTemplate(id: string, options?: RequestOptions) {
  return call(adminGenTemplateDetail, { id }, options);
}

/** A new template; a syntax error is refused with its line and column (said in the form). */
export function saveGenTemplate(body: GenTemplateSaveRequest) {
  return call(adminGenTemplateSave, body, { silent: true });
}

export function updateGenTemplate(body: GenTemplateUpdateRequest) {
  return call(adminGenTemplateUpdate, body, { silent: true });
}

export function deleteGenTemplate(id: string) {
  return call(adminGenTemplateDelete, { id });
}
