import { GenGenerateResult, GenTemplateGroup } from '@quire/shared';
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
