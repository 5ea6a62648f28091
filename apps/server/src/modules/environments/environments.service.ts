import { Ordering } from '@quire/api-model';
import type {
  EnvironmentAddRequest,
  EnvironmentCopyRequest,
  EnvironmentImportRequest,
  EnvironmentUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeEnvironment, type EnvironmentAction } from '../../policies/environment.policy.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { copyGlobals } from './environment-globals.repository.ts';
import {
  deleteEnvironment,
  type EnvironmentRow,
  findEnvironment,
  findEnvironmentsByName,
  findEnvironmentsOfModule,
  insertEnvironments,
  listEnvironments,
  maxEnvironmentOrder,
  updateEnvironment,
} from './environments.repository.ts';

/** Loads a live module and checks the caller may read or write its environments. */
async function loadEnvModule(c: Caller, moduleId: string, action: EnvironmentAction): Promise<ModuleRow> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  authorizeEnvironment(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    action,
  );
  return module;
}

/** Loads an environment of a live module the caller may act on. */
async function loadEnvironment(c: Caller, id: string, action: EnvironmentAction): Promise<EnvironmentRow> {
  const env = await findEnvironment(c.db, id);
  if (!env) throw new AppError('environment.not_found');
  await loadEnvModule(c, env.moduleId, action);
  return env;
}

/** Refuses names already used in the module (optionally except one environment). */
async function assertNamesFree(
  c: Caller,
  moduleId: string,
  names: ReadonlyArray<string>,
  selfId?: string,
): Promise<void> {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new AppError('environment.name_taken', { args: [name] });
    seen.add(name);
  }
  const taken = (await findEnvironmentsByName(c.db, moduleId, names)).find((e) => e.id !== selfId);
  if (taken) throw new AppError('environment.name_taken', { args: [taken.name] });
}

/**
 * Inserts environments, answering a clear conflict when a concurrent write took a name first. Copies name
 * their sources (`copiedFrom`, one per row) so the global params travel with them.
 */
async function insertAll(
  c: Caller,
  rows: ReadonlyArray<EnvironmentRow>,
  copiedFrom: ReadonlyArray<string> = [],
): Promise<void> {
  const pairs = copiedFrom.map((from, i) => ({ from, to: rows[i]?.id ?? '' }));
  try {
    await c.db.transaction().execute(async (trx) => {
      await insertEnvironments(trx, rows);
      await copyGlobals(trx, pairs, c.actor.user.id, nowIso());
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('environment.name_taken', { args: [rows[0]?.name ?? ''] });
    throw error;
  }
}

/** The environments of an application, for anyone who can read its project. */
export async function listModuleEnvironments(c: Caller, moduleId: string): Promise<EnvironmentRow[]> {
  const module = await loadEnvModule(c, moduleId, 'read');
  return listEnvironments(c.db, module.id);
}

/** Adds an environment (project dev or admin). */
export async function addEnvironment(
  c: Caller,
  input: z.output<typeof EnvironmentAddRequest>,
): Promise<EnvironmentRow> {
  const module = await loadEnvModule(c, input.moduleId, 'write');
  await assertNamesFree(c, module.id, [input.name]);
  const now = nowIso();
  const row: EnvironmentRow = {
    id: newId(),
    moduleId: module.id,
    name: input.name,
    baseUrl: input.baseUrl,
    isPublic: input.isPublic ? 1 : 0,
    orderIndex: input.orderIndex ?? (await maxEnvironmentOrder(c.db, module.id)) + Ordering.step,
    createdAt: now,
    updatedAt: now,
  };
  await insertAll(c, [row]);
  return row;
}

/** Edits an environment (project dev or admin). */
export async function editEnvironment(
  c: Caller,
  input: z.output<typeof EnvironmentUpdateRequest>,
): Promise<void> {
  const env = await loadEnvironment(c, input.id, 'write');
  await assertNamesFree(c, env.moduleId, [input.name], env.id);
  try {
    await updateEnvironment(c.db, env.id, {
      name: input.name,
      baseUrl: input.baseUrl,
      isPublic: input.isPublic ? 1 : 0,
      ...(input.orderIndex !== undefined ? { orderIndex: input.orderIndex } : {}),
      updatedAt: nowIso(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('environment.name_taken', { args: [input.name] });
    throw error;
  }
}

/** Deletes an environment (project dev or admin). */
export async function removeEnvironment(c: Caller, id: string): Promise<void> {
  const env = await loadEnvironment(c, id, 'write');
  await deleteEnvironment(c.db, env.id);
}

/**
 * Copies an environment under a new name, into the same or another application. The caller must be able to
 * read the source and write the destination.
 */
export async function copyEnvironment(
  c: Caller,
  input: z.output<typeof EnvironmentCopyRequest>,
): Promise<EnvironmentRow> {
  const source = await loadEnvironment(c, input.fromEnvId, 'read');
  const dest = await loadEnvModule(c, input.destModuleId ?? source.moduleId, 'write');
  await assertNamesFree(c, dest.id, [input.name]);
  const now = nowIso();
  const row: EnvironmentRow = {
    id: newId(),
    moduleId: dest.id,
    name: input.name,
    baseUrl: input.baseUrl ?? source.baseUrl,
    isPublic: input.isPublic === undefined ? source.isPublic : input.isPublic ? 1 : 0,
    orderIndex: (await maxEnvironmentOrder(c.db, dest.id)) + Ordering.step,
    createdAt: now,
    updatedAt: now,
  };
  await insertAll(c, [row], [source.id]);
  return row;
}

/**
 * Copies the ticked environments of another application into this one, all or nothing: every id must be an
 * environment of `fromModuleId` (which the caller must be able to read) and no name may already be in use.
 */
export async function importEnvironments(
  c: Caller,
  input: z.output<typeof EnvironmentImportRequest>,
): Promise<EnvironmentRow[]> {
  const dest = await loadEnvModule(c, input.moduleId, 'write');
  const from = await loadEnvModule(c, input.fromModuleId, 'read');
  const ids = [...new Set(input.ids)];
  const sources = await findEnvironmentsOfModule(c.db, from.id, ids);
  if (sources.length !== ids.length) throw new AppError('environment.not_found');
  await assertNamesFree(
    c,
    dest.id,
    sources.map((s) => s.name),
  );
  const now = nowIso();
  let order = await maxEnvironmentOrder(c.db, dest.id);
  const rows = sources.map((s) => {
    order += Ordering.step;
    return {
      id: newId(),
      moduleId: dest.id,
      name: s.name,
      baseUrl: s.baseUrl,
      isPublic: s.isPublic,
      orderIndex: order,
      createdAt: now,
      updatedAt: now,
    };
  });
  await insertAll(
    c,
    rows,
    sources.map((s) => s.id),
  );
  return listEnvironments(c.db, dest.id);
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  deleteEnvironment,
  findEnvironmentsByName,
  findEnvironmentsOfModule,
  insertEnvironments,
  listEnvironments,
  updateEnvironment,
} from './environments.repository.ts';
