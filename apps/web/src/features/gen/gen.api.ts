import { docGenGenerate, docGenTemplateTree } from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** Template groups a reader may generate with. */
export function listGenTemplates(options?: RequestOptions) {
  return call(docGenTemplateTree, undefined, options);
}

/** Renders a template against a doc; a failing render is shown by the dialog. */
export function generateCode(docId: string, templateId: string) {
  return call(docGenGenerate, { docId, templateId }, { silent: true });
}
