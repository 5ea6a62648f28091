import { compareOperations, operationsOfTree, tornaPushToModel, TornaPushError } from '@quire/api-model';
import { ImportError, openApiToModelAsync, parseApiText } from '@quire/api-model/converters';
import type { Comparison } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { loadModule } from '../modules/modules.service.ts';
import { currentContent, presentDiff } from './release-content.ts';

/**
 * `POST /api/module/compare`: what pushing a description would change in an application, without pushing:
 * the application's docs now against the converted description (OpenAPI/Swagger, JSON or YAML, or Torna's
 * doc.push JSON), as a replacing push would leave them. Nothing is written.
 */
export async function compareWithUpload(c: Caller, moduleId: string, content: string): Promise<Comparison> {
  const module = await loadModule(c, moduleId, 'read');
  let parsed: unknown;
  try {
    parsed = parseApiText(content);
  } catch (error) {
    throw new AppError('compare.invalid_source', { args: [(error as Error).message] });
  }
  let tree: Parameters<typeof operationsOfTree>[0];
  try {
    const push = parsed as { apis?: unknown };
    tree =
      parsed && typeof parsed === 'object' && Array.isArray(push.apis)
        ? tornaPushToModel(parsed).tree
        : await openApiToModelAsync(parsed);
  } catch (error) {
    if (error instanceof ImportError || error instanceof TornaPushError)
      throw new AppError('compare.invalid_source', { args: [error.message] });
    throw error;
  }
  const now = await currentContent(c.db, module.projectId, [module.id]);
  const diff = compareOperations(now.operations, operationsOfTree(tree));
  return presentDiff(diff, now.moduleOf, new Map([[module.id, module.name]]));
}
