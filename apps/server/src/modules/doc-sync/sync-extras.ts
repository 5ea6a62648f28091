import type { ErrorCodeRow, SourceEnum, SourceEnvironment } from '@quire/api-model';
import { Ordering } from '@quire/api-model';
import { BaseUrl } from '@quire/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database, EnumItemsTable, EnumsTable } from '../../db/schema.ts';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';
import { findConstants, upsertConstants } from '../constants/constants.service.ts';
import {
  deleteItems,
  insertEnums,
  insertItems,
  listEnums,
  listItems,
  updateEnum,
} from '../enums/enums.service.ts';
import {
  insertEnvironments,
  listEnvironments,
  updateEnvironment,
} from '../environments/environments.service.ts';

/** A transaction, or the root handle when a staged import writes in short transactions of its own (staged-sync.ts). */
type Trx = Kysely<Database>;

/** Who writes and when, for the rows a sync touches besides docs. */
export interface Stamp {
  actorId: string;
  now: string;
}

/** What a sync writes of the source's dictionaries, worked out from what the application holds (`planEnums`). */
export interface EnumsPlan {
  /** The ids of all the application's dictionaries by name, new ones included, for linking rows. */
  ids: Map<string, string>;
  /** Writes the dictionaries and items that differ. */
  write(trx: Trx): Promise<void>;
}

/**
 * Writes the source's dictionaries (by name; items replaced when the source lists any and they differ) and
 * answers the ids of all the application's dictionaries by name, for linking rows.
 */
export async function syncEnums(
  trx: Trx,
  moduleId: string,
  enums: ReadonlyArray<SourceEnum>,
  stamp: Stamp,
  /** Ids to give new dictionaries by name (a streamed import's worker linked its docs with them). */
  chosenIds?: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const plan = await planEnums(trx, moduleId, enums, stamp, chosenIds);
  await plan.write(trx);
  return plan.ids;
}

/**
 * Reads the application's dictionaries through `reader` and works out what `syncEnums` writes. A re-import
 * on SQLite plans with it before its switch (doc-sync/deferred-writes.ts): reading Graph's 1,300 dictionaries
 * and their items took 90 ms inside the switch, and its version check proves nobody wrote them since.
 */
export async function planEnums(
  reader: Trx,
  moduleId: string,
  enums: ReadonlyArray<SourceEnum>,
  stamp: Stamp,
  chosenIds?: ReadonlyMap<string, string>,
): Promise<EnumsPlan> {
  const existing = await listEnums(reader, moduleId);
  const ids = new Map(existing.map((row) => [row.name, row.id]));
  const byName = new Map(existing.map((row) => [row.name, row]));
  const wanted = new Map<string, SourceEnum>();
  for (const item of enums) if (item.name.trim()) wanted.set(item.name.trim(), item);
  const known = [...wanted.keys()].map((name) => byName.get(name)?.id).filter((id): id is string => !!id);
  // Grouped once: Graph brings about 1,300 dictionaries, and a scan of every item per dictionary was a
  // quarter of a second, inside a re-import's switch (deferred-writes.ts).
  const itemsOf = new Map<string, Awaited<ReturnType<typeof listItems>>>();
  for (const item of await listItems(reader, known)) {
    const list = itemsOf.get(item.enumId);
    if (list) list.push(item);
    else itemsOf.set(item.enumId, [item]);
  }
  // Written at the end in few statements: an import brings hundreds of dictionaries.
  const newEnums: Insertable<EnumsTable>[] = [];
  const newItems: Insertable<EnumItemsTable>[] = [];
  const goneItems: string[] = [];
  const described: Array<{ id: string; description: string }> = [];
  for (const [name, source] of wanted) {
    // Item names are unique in a dictionary; a repeated name keeps its first occurrence.
    const seen = new Set<string>();
    const sourceItems = source.items.filter((item) => {
      const key = item.name.trim();
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const row = byName.get(name);
    let enumId = row?.id;
    if (!row) {
      enumId = chosenIds?.get(name) ?? newId();
      newEnums.push({
        id: enumId,
        moduleId,
        name,
        description: source.description,
        createdBy: stamp.actorId,
        createdAt: stamp.now,
        updatedAt: stamp.now,
      });
      ids.set(name, enumId);
    } else if (row.description !== source.description) {
      described.push({ id: row.id, description: source.description });
    }
    if (!enumId || sourceItems.length === 0) continue;
    const current = itemsOf.get(enumId) ?? [];
    const same =
      current.length === sourceItems.length &&
      current.every((item, i) => {
        const next = sourceItems[i];
        return (
          next !== undefined &&
          item.name === next.name.trim() &&
          item.type === next.type &&
          item.value === next.value &&
          item.description === next.description
        );
      });
    if (same) continue;
    for (const item of current) goneItems.push(item.id);
    let order = 0;
    for (const item of sourceItems) {
      order += Ordering.step;
      newItems.push({
        id: newId(),
        enumId,
        name: item.name.trim(),
        type: item.type || 'string',
        value: item.value,
        description: item.description,
        orderIndex: order,
      });
    }
  }
  return {
    ids,
    async write(trx) {
      for (const { id, description } of described)
        await updateEnum(trx, id, { description, updatedAt: stamp.now });
      await deleteItems(trx, goneItems);
      await insertEnums(trx, newEnums);
      await insertItems(trx, newItems);
    },
  };
}

/** Upserts the source's environments by name; a base URL that is not http(s) is skipped with a warning. */
export async function syncEnvironments(
  trx: Trx,
  moduleId: string,
  environments: ReadonlyArray<SourceEnvironment>,
  stamp: Stamp,
  warn: (message: string) => void,
): Promise<void> {
  if (environments.length === 0) return;
  const existing = await listEnvironments(trx, moduleId);
  const byName = new Map(existing.map((row) => [row.name, row]));
  let order = existing.reduce((max, row) => Math.max(max, row.orderIndex), 0);
  for (const env of environments) {
    const name = env.name.trim();
    const url = BaseUrl.safeParse(env.url);
    if (!name || !url.success) {
      warn(`environment "${env.name}" skipped: its URL "${env.url}" is not an http(s) address`);
      continue;
    }
    const row = byName.get(name);
    if (row) {
      const isPublic = env.isPublic === undefined ? row.isPublic : env.isPublic ? 1 : 0;
      if (row.baseUrl !== url.data || row.isPublic !== isPublic)
        await updateEnvironment(trx, row.id, { baseUrl: url.data, isPublic, updatedAt: stamp.now });
      continue;
    }
    order += Ordering.step;
    const inserted = {
      id: newId(),
      moduleId,
      name,
      baseUrl: url.data,
      isPublic: env.isPublic ? 1 : 0,
      orderIndex: order,
      createdAt: stamp.now,
      updatedAt: stamp.now,
    };
    await insertEnvironments(trx, [inserted]);
    byName.set(name, inserted);
  }
}

/** Replaces the application's error-code table when it differs; codes keep their ids. */
export async function syncErrorCodes(
  trx: Trx,
  moduleId: string,
  codes: ReadonlyArray<Omit<ErrorCodeRow, 'id'>>,
  stamp: Stamp,
): Promise<void> {
  const scope = { type: 'module', id: moduleId } as const;
  const stored = await findConstants(trx, scope);
  let current: ErrorCodeRow[] = [];
  try {
    current = stored ? (JSON.parse(stored.errorCodes) as ErrorCodeRow[]) : [];
  } catch {
    current = [];
  }
  const ids = new Map(current.map((row) => [row.code, row.id]));
  const seen = new Set<string>();
  const next: ErrorCodeRow[] = [];
  for (const row of codes) {
    const code = row.code.trim();
    if (!code || seen.has(code)) continue;
    seen.add(code);
    next.push({
      id: ids.get(code) ?? newId(),
      code,
      description: sanitizeHtml(row.description),
      solution: sanitizeHtml(row.solution),
    });
  }
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  await upsertConstants(trx, scope, { errorCodes: JSON.stringify(next) }, stamp.actorId, stamp.now);
}
