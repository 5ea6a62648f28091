import {
  type ApiDiff,
  changeReport,
  compareOperations,
  operationsOfTree,
  type SourceTree,
  summarizeDiff,
  TornaPushError,
  tornaPushToModel,
  wireFlag,
  wireText,
} from '@quire/api-model';
import { ImportError, openApiToModelAsync, parseApiText } from '@quire/api-model/converters';
import { syncModuleDocs } from '../doc-sync/doc-sync.service.ts';
import { moduleOperations, syncedOperations } from '../releases/releases.service.ts';
import { OPEN_API_ACTOR, type OpenContext, type OpenMethod, objectData } from './open-api.context.ts';
import { OpenApiError } from './open-api.errors.ts';

/** Where a push cannot be read becomes code 2 naming the field (the model's i18n keys are translated by the door). */
export function pushFormatError(error: unknown): never {
  if (error instanceof TornaPushError)
    throw new OpenApiError('2', 'invalidParams', [], {
      reason: { kind: 'field', path: error.path, issue: error.reason },
    });
  throw error;
}

/** A diff without its removed operations (an appending push removes nothing). */
function withoutRemoved(diff: ApiDiff): ApiDiff {
  const operations = diff.operations.filter((op) => op.kind !== 'removed');
  return { operations, summary: summarizeDiff(operations) };
}

/**
 * Merges a tree and answers the counts (`doc.push`'s reply data, extra to Torna's null) and the change report
 * (docs/releases.md): the application's operations before the push against after it, per level, with the
 * breaking changes by operation. `dryRun` merges nothing and answers the report of the application now
 * against the tree (what the push would change; docs a sync keeps, locked ones, are counted as changed).
 */
async function pushTree(
  ctx: OpenContext,
  tree: SourceTree,
  author: string,
  options: { isReplace: boolean; isOverride: boolean; dryRun: boolean },
) {
  const settings = ctx.settings;
  // Torna: the application's push-override setting and a push's isOverride both make a push incremental.
  const replace = options.isReplace && !options.isOverride && !settings.override;
  if (options.dryRun) {
    const predicted = compareOperations(
      await moduleOperations(ctx.db, ctx.module.id),
      operationsOfTree(tree),
    );
    return {
      dryRun: true,
      added: 0,
      updated: 0,
      deleted: 0,
      unchanged: 0,
      removed: [],
      warnings: tree.warnings,
      changes: changeReport(replace ? predicted : withoutRemoved(predicted)),
    };
  }
  const result = await syncModuleDocs(ctx.db, {
    moduleId: ctx.module.id,
    tree,
    mode: { replace, override: false },
    source: 'push',
    // The report below compares what the sync changed, as it changed it (inside its transaction, so two pushes
    // at once each report their own change), instead of reading the whole application before and after.
    keepContents: true,
    actorId: OPEN_API_ACTOR,
    author: author || 'OpenAPI',
  });
  ctx.log.info(
    {
      moduleId: ctx.module.id,
      author,
      replace,
      added: result.added,
      updated: result.updated,
      deleted: result.deleted,
      unchanged: result.unchanged,
    },
    'open API push',
  );
  return {
    added: result.added,
    updated: result.updated,
    deleted: result.deleted,
    unchanged: result.unchanged,
    removed: result.removed.map(({ name, httpMethod, url }) => ({ name, httpMethod, url })),
    warnings: result.warnings,
    changes: changeReport(
      compareOperations(...(await syncedOperations(ctx.db, ctx.module.id, result.contents ?? []))),
    ),
  };
}

/** `doc.push`: Torna's DocPushParam (reference 4.4), merged synchronously; the reply carries the counts. */
export const docPush: OpenMethod = async (ctx, data) => {
  if (ctx.settings.printContent)
    ctx.log.info({ moduleId: ctx.module.id, push: data }, 'open API push content');
  let push: ReturnType<typeof tornaPushToModel>;
  try {
    push = tornaPushToModel(data);
  } catch (error) {
    pushFormatError(error);
  }
  return pushTree(ctx, push.tree, push.author, {
    ...push,
    dryRun: wireFlag((data as { dryRun?: unknown } | null)?.dryRun, false),
  });
};

/**
 * `swagger-json.push`: `{author, json}` with a Swagger 2 / OpenAPI 3 description (JSON or YAML text, or an
 * object), converted like an import and merged like `doc.push` (`isReplace` default 1, `isOverride` 0).
 */
export const swaggerJsonPush: OpenMethod = async (ctx, data) => {
  const input = objectData(data);
  if (ctx.settings.printContent)
    ctx.log.info({ moduleId: ctx.module.id, push: input }, 'open API push content');
  let tree: SourceTree;
  try {
    const spec = typeof input.json === 'string' ? parseApiText(input.json) : input.json;
    // The import's converter, yielding to other requests every few operations on a large description.
    tree = await openApiToModelAsync(spec);
  } catch (error) {
    if (error instanceof ImportError)
      throw new OpenApiError('2', 'swaggerInvalid', [], {
        reason: { kind: 'import', key: error.key, arg: String(error.arg ?? '') },
      });
    throw error;
  }
  return pushTree(ctx, tree, wireText(input.author).trim().slice(0, 64), {
    isReplace: wireFlag(input.isReplace, true),
    isOverride: wireFlag(input.isOverride, false),
    dryRun: wireFlag(input.dryRun, false),
  });
};
