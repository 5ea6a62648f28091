import { Ordering } from '@quire/api-model';
import type {
  ModuleAddRequest,
  ModuleSetting,
  ModuleSettingUpdateRequest,
  ModuleUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeModule, type ModuleAction } from '../../policies/module.policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { loadProject } from '../projects/projects.service.ts';
import { defaultModuleSettings, mergeModuleSettings, readModuleSettings } from './module-settings.service.ts';
import {
  findLiveModule,
  findLiveModuleByName,
  insertModule,
  listLiveModules,
  type ModuleRow,
  maxModuleOrder,
  updateModule,
} from './modules.repository.ts';

/** Loads a live module and checks the caller may do `action` on it: 404 when missing, 403 when not allowed. */
export async function loadModule(c: Caller, moduleId: string, action: ModuleAction): Promise<ModuleRow> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  authorizeModule(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    action,
  );
  return module;
}

async function assertModuleNameFree(
  c: Caller,
  projectId: string,
  name: string,
  selfId?: string,
): Promise<void> {
  const other = await findLiveModuleByName(c.db, projectId, name);
  if (other && other.id !== selfId) throw new AppError('module.name_taken', { args: [name] });
}

/** Creates an application in a project (project dev or admin). */
export async function addModule(c: Caller, input: z.output<typeof ModuleAddRequest>): Promise<ModuleRow> {
  const project = await loadProject(c, input.projectId, 'module.create');
  await assertModuleNameFree(c, project.id, input.name);
  const id = newId();
  const now = nowIso();
  try {
    await insertModule(c.db, {
      id,
      projectId: project.id,
      name: input.name,
      type: 0,
      orderIndex: (await maxModuleOrder(c.db, project.id)) + Ordering.step,
      settings: defaultModuleSettings(),
      creatorId: c.actor.user.id,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
      deletedBy: null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('module.name_taken', { args: [input.name] });
    throw error;
  }
  const module = await findLiveModule(c.db, id);
  if (!module) throw new AppError('module.not_found');
  return module;
}

/** Renames an application (project dev or admin). */
export async function renameModule(c: Caller, input: z.output<typeof ModuleUpdateRequest>): Promise<void> {
  const module = await loadModule(c, input.id, 'rename');
  if (module.name === input.name) return;
  await assertModuleNameFree(c, module.projectId, input.name, module.id);
  try {
    await updateModule(c.db, module.id, { name: input.name, updatedAt: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('module.name_taken', { args: [input.name] });
    throw error;
  }
}

/** Soft-deletes an application (project admin). */
export async function deleteModule(c: Caller, moduleId: string): Promise<void> {
  const module = await loadModule(c, moduleId, 'delete');
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await updateModule(trx, module.id, { deletedAt: now, deletedBy: c.actor.user.id, updatedAt: now });
    await recordAudit(
      trx,
      c.actor.user.id,
      'module.delete',
      { type: 'module', id: module.id },
      {
        name: module.name,
        projectId: module.projectId,
      },
    );
  });
}

/** The applications of a project, for anyone who can read the project. */
export async function listModules(c: Caller, projectId: string): Promise<ModuleRow[]> {
  const project = await loadProject(c, projectId, 'project.read');
  return listLiveModules(c.db, project.id);
}

/** The settings of an application (project dev or admin: the settings tab is a management screen). */
export async function getModuleSettings(c: Caller, moduleId: string): Promise<ModuleSetting> {
  const module = await loadModule(c, moduleId, 'readSettings');
  return readModuleSettings(module.id, module.settings);
}

/** Changes the settings of an application (project admin). */
export async function updateModuleSettings(
  c: Caller,
  input: z.output<typeof ModuleSettingUpdateRequest>,
): Promise<ModuleSetting> {
  const module = await loadModule(c, input.moduleId, 'updateSettings');
  const settings = mergeModuleSettings(module.settings, input);
  await updateModule(c.db, module.id, { settings, updatedAt: nowIso() });
  return readModuleSettings(module.id, settings);
}

export type { ModuleRow } from './modules.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export {
  findLiveModule,
  findLiveModuleByName,
  listLiveModules,
  insertModule,
  maxModuleOrder,
  softDeleteModule,
  updateModule,
} from './modules.repository.ts';
