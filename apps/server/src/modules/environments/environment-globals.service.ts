import { mapParamHtml, ParamListSchema, type ParamRow, withParamIds } from '@quire/api-model';
import type { EnvironmentGlobals, EnvironmentGlobalsSaveRequest } from '@quire/shared';
import { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeEnvironment, type EnvironmentAction } from '../../policies/environment.policy.ts';
import { findLiveModule } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { findFirstEnvironmentGlobals, findGlobals, upsertGlobals } from './environment-globals.repository.ts';
import { findEnvironment } from './environments.repository.ts';

/** The three tables of an environment's globals. */
export interface Globals {
  globalHeaders: ParamRow[];
  globalParams: ParamRow[];
  globalReturns: ParamRow[];
}

const Stored = z.object({
  globalHeaders: ParamListSchema.catch([]).default([]),
  globalParams: ParamListSchema.catch([]).default([]),
  globalReturns: ParamListSchema.catch([]).default([]),
});

const NONE: Globals = { globalHeaders: [], globalParams: [], globalReturns: [] };

/** Reads stored globals; what cannot be read counts as none rather than failing a doc page. */
export function readGlobals(content: string | undefined): Globals {
  if (content === undefined) return NONE;
  try {
    return Stored.parse(JSON.parse(content));
  } catch {
    return NONE;
  }
}

/** The globals of a module's first environment, as doc details show them. */
export async function moduleGlobals(c: Pick<Caller, 'db'>, moduleId: string): Promise<Globals> {
  return readGlobals((await findFirstEnvironmentGlobals(c.db, moduleId))?.content);
}

/**
 * The globals a doc's readers see: those of `environmentId` when named (it must belong to the doc's
 * application), else of the application's first environment.
 */
export async function globalsForDoc(
  c: Pick<Caller, 'db'>,
  moduleId: string,
  environmentId: string | undefined,
): Promise<{ environmentId: string } & Globals> {
  if (environmentId) {
    const env = await findEnvironment(c.db, environmentId);
    if (!env || env.moduleId !== moduleId) throw new AppError('environment.not_found');
    return { environmentId: env.id, ...readGlobals(await findGlobals(c.db, env.id)) };
  }
  const first = await findFirstEnvironmentGlobals(c.db, moduleId);
  return { environmentId: first?.environmentId ?? '', ...readGlobals(first?.content) };
}

/** `GET /api/doc/globals`: the first environment's globals ("" and empty tables without environments). */
export async function moduleGlobalsFor(c: Caller, moduleId: string): Promise<EnvironmentGlobals> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  authorizeEnvironment(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    'read',
  );
  const first = await findFirstEnvironmentGlobals(c.db, module.id);
  return { environmentId: first?.environmentId ?? '', ...readGlobals(first?.content) };
}

async function loadEnvironmentFor(c: Caller, environmentId: string, action: EnvironmentAction) {
  const env = await findEnvironment(c.db, environmentId);
  const module = env ? await findLiveModule(c.db, env.moduleId) : undefined;
  if (!env || !module) throw new AppError('environment.not_found');
  authorizeEnvironment(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    action,
  );
  return env;
}

/** The globals of one environment (readers of the project). */
export async function getEnvironmentGlobals(c: Caller, environmentId: string): Promise<EnvironmentGlobals> {
  const env = await loadEnvironmentFor(c, environmentId, 'read');
  return { environmentId: env.id, ...readGlobals(await findGlobals(c.db, env.id)) };
}

/** Replaces the globals of an environment (project devs and admins); descriptions are sanitized like docs'. */
export async function saveEnvironmentGlobals(
  c: Caller,
  input: z.output<typeof EnvironmentGlobalsSaveRequest>,
): Promise<EnvironmentGlobals> {
  const env = await loadEnvironmentFor(c, input.environmentId, 'write');
  const taken = new Set<string>();
  const clean = (rows: ParamRow[]) => withParamIds(mapParamHtml(rows, sanitizeHtml), newId, taken);
  const globals: Globals = {
    globalHeaders: clean(input.globalHeaders),
    globalParams: clean(input.globalParams),
    globalReturns: clean(input.globalReturns),
  };
  await upsertGlobals(c.db, env.id, JSON.stringify(globals), c.actor.user.id, nowIso());
  return { environmentId: env.id, ...globals };
}
