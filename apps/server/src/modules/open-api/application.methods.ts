import { TornaPushError, tornaEnumToModel, wireText } from '@quire/api-model';
import { BaseUrl } from '@quire/shared';
import { nowIso } from '../../lib/clock.ts';
import { syncModuleDocs } from '../doc-sync/doc-sync.service.ts';
import { runQueued } from '../doc-sync/module-queue.ts';
import { columnsOf, readDocument } from '../docs/doc-document.ts';
import { findDocRow, findFolderByName, updateDoc } from '../docs/docs.service.ts';
import { deleteEnvironment, findEnvironmentsByName } from '../environments/environments.service.ts';
import { OPEN_API_ACTOR, type OpenContext, type OpenMethod, objectData } from './open-api.context.ts';
import { OpenApiError } from './open-api.errors.ts';
import { pushFormatError } from './push.methods.ts';

/** Runs a sync of only dictionaries, environments or one folder: the engine's lock and transaction. */
function syncExtras(ctx: OpenContext, part: Parameters<typeof syncModuleDocs>[1]['tree']) {
  return syncModuleDocs(ctx.db, {
    moduleId: ctx.module.id,
    tree: part,
    mode: { replace: false, override: false },
    source: 'push',
    actorId: OPEN_API_ACTOR,
    author: 'OpenAPI',
  });
}

function requiredName(value: unknown): string {
  const name = wireText(value).trim();
  if (!name) throw new OpenApiError('2', 'nameRequired');
  if (name.length > 128) throw new OpenApiError('2', 'invalidParams', ['name', 'validation.max|128']);
  return name;
}

/** `doc.category.create`: `{name}` -> the top-level folder of that name, created when missing. */
export const categoryCreate: OpenMethod = async (ctx, data) => {
  const name = requiredName(objectData(data).name);
  await syncExtras(ctx, {
    nodes: [{ kind: 'folder', name, children: [] }],
    enums: [],
    environments: [],
    warnings: [],
  });
  const folder = await findFolderByName(ctx.db, ctx.module.id, '', name);
  return { id: folder?.id ?? '', name };
};

/** `doc.category.name.update`: `{id, name}` renames a folder of the application, where it is (Torna moved it to the top). */
export const categoryNameUpdate: OpenMethod = async (ctx, data) => {
  const input = objectData(data);
  const id = wireText(input.id).trim();
  const name = requiredName(input.name);
  await runQueued(`module:${ctx.module.id}`, async () => {
    const row = id ? await findDocRow(ctx.db, id) : undefined;
    if (!row || row.moduleId !== ctx.module.id || row.isFolder !== 1)
      throw new OpenApiError('2', 'folderNotFound', [id]);
    const other = await findFolderByName(ctx.db, ctx.module.id, row.parentId, name);
    if (other && other.id !== row.id) throw new OpenApiError('2', 'folderNameTaken', [name]);
    const doc = readDocument(row.content);
    await updateDoc(ctx.db, row.id, {
      ...columnsOf({ ...doc, name }),
      updatedBy: OPEN_API_ACTOR,
      updatedAt: nowIso(),
    });
  });
  return null;
};

/** `enum.push`: one dictionary `{name, description, items}`; items are replaced when sent. */
export const enumPush: OpenMethod = async (ctx, data) => {
  let entry: ReturnType<typeof tornaEnumToModel>;
  try {
    entry = tornaEnumToModel(data, 'data');
  } catch (error) {
    pushFormatError(error);
  }
  await syncExtras(ctx, { nodes: [], enums: [entry], environments: [], warnings: [] });
  return null;
};

/** `enum.batch.push`: `{enums: [...]}` (smart-doc sends these before `doc.push`). */
export const enumBatchPush: OpenMethod = async (ctx, data) => {
  const list = objectData(data).enums;
  if (!Array.isArray(list)) throw new OpenApiError('2', 'invalidParams', ['enums', 'validation.invalid']);
  let enums: Array<ReturnType<typeof tornaEnumToModel>>;
  try {
    enums = list.map((entry, i) => tornaEnumToModel(entry, `enums.${i}`));
  } catch (error) {
    if (error instanceof TornaPushError) pushFormatError(error);
    throw error;
  }
  await syncExtras(ctx, { nodes: [], enums, environments: [], warnings: [] });
  return null;
};

/** `module.debug.env.set`: `{name, url}` adds or updates an environment of the application. */
export const envSet: OpenMethod = async (ctx, data) => {
  const input = objectData(data);
  const name = requiredName(input.name);
  const url = BaseUrl.safeParse(wireText(input.url));
  if (!url.success) throw new OpenApiError('2', 'urlInvalid', [wireText(input.url)]);
  await syncExtras(ctx, { nodes: [], enums: [], environments: [{ name, url: url.data }], warnings: [] });
  return null;
};

/** `module.debug.env.delete`: `{name}` removes the environment of that name (none: nothing to do). */
export const envDelete: OpenMethod = async (ctx, data) => {
  const name = requiredName(objectData(data).name);
  const [row] = await findEnvironmentsByName(ctx.db, ctx.module.id, [name]);
  if (row) await deleteEnvironment(ctx.db, row.id);
  return { deleted: row ? 1 : 0 };
};

/** `module.get`: the token's application. */
export const moduleGet: OpenMethod = async (ctx) => ({ id: ctx.module.id, name: ctx.module.name });
