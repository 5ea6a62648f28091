import { ErrorCodeListSchema, type ErrorCodeRow } from '@quire/api-model';
import type { ConstantModuleAll } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeConstant, type ConstantAction } from '../../policies/constant.policy.ts';
import type { ProjectRef } from '../../policies/project.policy.ts';
import { findLiveModule } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { findLiveProject } from '../projects/projects.service.ts';
import { type ConstantScope, findConstants, upsertConstants } from './constants.repository.ts';

/** A scope the caller may act on, with the project that decides it. */
interface LoadedScope {
  scope: ConstantScope;
  projectId: string;
}

async function loadScope(c: Caller, scope: ConstantScope, action: ConstantAction): Promise<LoadedScope> {
  let ref: ProjectRef;
  if (scope.type === 'project') {
    const project = await findLiveProject(c.db, scope.id);
    if (!project) throw new AppError('project.not_found');
    ref = projectRefOf(project);
  } else {
    const module = await findLiveModule(c.db, scope.id);
    if (!module) throw new AppError('module.not_found');
    ref = projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate });
  }
  authorizeConstant(c.access, ref, action);
  return { scope, projectId: ref.id };
}

function readCodes(text: string | undefined): ErrorCodeRow[] {
  if (!text) return [];
  try {
    const parsed = ErrorCodeListSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The constants page (HTML) of a project or application; "" when none was written. */
export async function getConstantPage(c: Caller, scope: ConstantScope): Promise<string> {
  const loaded = await loadScope(c, scope, 'read');
  return (await findConstants(c.db, loaded.scope))?.content ?? '';
}

/** Writes the constants page, sanitized (project admins and devs). Answers what was stored. */
export async function saveConstantPage(c: Caller, scope: ConstantScope, content: string): Promise<string> {
  const loaded = await loadScope(c, scope, 'manage');
  const clean = sanitizeHtml(content);
  await upsertConstants(c.db, loaded.scope, { content: clean }, c.actor.user.id, nowIso());
  return clean;
}

/** `GET /api/constant/module/all`: the application's page and its project's page. */
export async function getModuleConstantsAll(c: Caller, moduleId: string): Promise<ConstantModuleAll> {
  const loaded = await loadScope(c, { type: 'module', id: moduleId }, 'read');
  const [module, project] = await Promise.all([
    findConstants(c.db, loaded.scope),
    findConstants(c.db, { type: 'project', id: loaded.projectId }),
  ]);
  return { constantModule: module?.content ?? '', constantProject: project?.content ?? '' };
}

/** The error-code table of a project or application. */
export async function getErrorCodes(c: Caller, scope: ConstantScope): Promise<ErrorCodeRow[]> {
  const loaded = await loadScope(c, scope, 'read');
  return readCodes((await findConstants(c.db, loaded.scope))?.errorCodes);
}

/**
 * Replaces the error-code table (project admins and devs): codes unique, descriptions and solutions
 * sanitized like every HTML field, each row with an id.
 */
export async function saveErrorCodes(
  c: Caller,
  scope: ConstantScope,
  codes: ReadonlyArray<ErrorCodeRow>,
): Promise<ErrorCodeRow[]> {
  const loaded = await loadScope(c, scope, 'manage');
  const seen = new Set<string>();
  const ids = new Set<string>();
  const rows = codes.map((row) => {
    if (seen.has(row.code)) throw new AppError('code.duplicate', { args: [row.code] });
    seen.add(row.code);
    let id = row.id;
    while (!id || ids.has(id)) id = newId();
    ids.add(id);
    return {
      id,
      code: row.code,
      description: sanitizeHtml(row.description),
      solution: sanitizeHtml(row.solution),
    };
  });
  await upsertConstants(c.db, loaded.scope, { errorCodes: JSON.stringify(rows) }, c.actor.user.id, nowIso());
  return rows;
}

// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { findConstants, upsertConstants } from './constants.repository.ts';
