import type {
  DebugScript,
  DebugScriptAddRequest,
  DebugScriptPatchRequest,
  DebugScriptUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeDoc } from '../../policies/doc.policy.ts';
import { loadDocModule, loadDocRef } from '../docs/doc-access.ts';
import type { DocRef } from '../docs/docs.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { findLiveProject } from '../projects/projects.service.ts';
import {
  deleteScriptRow,
  findScript,
  insertScript,
  listScriptsFor,
  type ScriptRow,
  updateScriptRow,
} from './debug-scripts.repository.ts';

/**
 * Pre-request and post-response scripts (Torna's `debug_script`), of a doc, its application or its project.
 * Reading them needs read access to the doc; writing them is a doc edit (project dev or admin). They are
 * stored as text and only ever run in the sandbox of the browser's Web Worker, never on the server.
 */
export function presentScript(row: ScriptRow): DebugScript {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    type: row.type,
    scope: row.scope,
    enabled: row.enabled === 1,
    refId: row.refId,
    creatorName: row.creatorName,
    gmtCreate: row.createdAt,
  };
}

/** The ref id of a scope for a doc: the doc, its application or its project. */
function refIdOf(doc: DocRef, scope: number): string {
  return scope === 0 ? doc.id : scope === 1 ? doc.moduleId : doc.projectId;
}

/** The scripts that apply to a doc, project first, then application, then doc (the order they run in). */
export async function listScriptsOfDoc(c: Pick<Caller, 'db'>, doc: DocRef): Promise<ScriptRow[]> {
  return listScriptsFor(c.db, { docId: doc.id, moduleId: doc.moduleId, projectId: doc.projectId });
}

/** Loads a script and checks the caller may edit what its scope points at. */
async function loadScriptForWrite(c: Caller, id: string): Promise<ScriptRow> {
  const row = await findScript(c.db, id);
  if (!row) throw new AppError('debug.script_not_found');
  if (row.scope === 0) await loadDocRef(c, row.refId, 'write');
  else if (row.scope === 1) await loadDocModule(c, row.refId, 'write');
  else {
    const project = await findLiveProject(c.db, row.refId);
    if (!project) throw new AppError('project.not_found');
    authorizeDoc(c.access, projectRefOf(project), 'write');
  }
  return row;
}

export async function addScript(
  c: Caller,
  input: z.output<typeof DebugScriptAddRequest>,
): Promise<ScriptRow> {
  const doc = await loadDocRef(c, input.docId, 'write');
  const now = nowIso();
  const row: ScriptRow = {
    id: newId(),
    name: input.name,
    description: input.description,
    content: input.content,
    type: input.type,
    scope: input.scope,
    refId: refIdOf(doc, input.scope),
    enabled: input.enabled ? 1 : 0,
    creatorId: c.actor.user.id,
    creatorName: c.actor.user.nickname,
    createdAt: now,
    updatedAt: now,
  };
  await insertScript(c.db, row);
  return row;
}

export async function updateScript(
  c: Caller,
  input: z.output<typeof DebugScriptUpdateRequest>,
): Promise<void> {
  await loadScriptForWrite(c, input.id);
  const doc = await loadDocRef(c, input.docId, 'write');
  await updateScriptRow(c.db, input.id, {
    name: input.name,
    description: input.description,
    content: input.content,
    type: input.type,
    scope: input.scope,
    refId: refIdOf(doc, input.scope),
    enabled: input.enabled ? 1 : 0,
    updatedAt: nowIso(),
  });
}

export async function patchScript(c: Caller, input: z.output<typeof DebugScriptPatchRequest>): Promise<void> {
  await loadScriptForWrite(c, input.id);
  await updateScriptRow(c.db, input.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.content !== undefined ? { content: input.content } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
    updatedAt: nowIso(),
  });
}

export async function deleteScript(c: Caller, id: string): Promise<void> {
  await loadScriptForWrite(c, id);
  await deleteScriptRow(c.db, id);
}
