import type {
  GenGenerateResult,
  GenTemplate,
  GenTemplateGroup,
  GenTemplateSaveRequest,
  GenTemplateUpdateRequest,
} from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { loadDocRow } from '../docs/doc-access.ts';
import { readDocument } from '../docs/doc-document.ts';
import {
  deleteTemplate,
  findTemplate,
  findTemplateByName,
  insertTemplate,
  listTemplateHeads,
  updateTemplate,
} from './gen.repository.ts';
import { genContext } from './gen-context.ts';
import { checkTemplate, renderTemplate, TemplateError } from './gen-render.ts';

type Saved = Required<GenTemplateSaveRequest>;

/** Groups with their templates (names only): the admin tree and the readers' template picker. */
export async function templateTree(c: Pick<Caller, 'db'>): Promise<GenTemplateGroup[]> {
  const groups = new Map<string, GenTemplateGroup>();
  for (const row of await listTemplateHeads(c.db)) {
    const group = groups.get(row.groupName) ?? { groupName: row.groupName, templates: [] };
    group.templates.push({ id: row.id, name: row.name });
    groups.set(row.groupName, group);
  }
  return [...groups.values()];
}

export async function groupNames(c: Pick<Caller, 'db'>): Promise<string[]> {
  return (await templateTree(c)).map((g) => g.groupName);
}

export async function templateDetail(c: Pick<Caller, 'db'>, id: string): Promise<GenTemplate> {
  const row = await findTemplate(c.db, id);
  if (!row) throw new AppError('gen.template_not_found');
  return {
    id: row.id,
    groupName: row.groupName,
    name: row.name,
    content: row.content,
    updateTime: row.updatedAt,
    disabledNote: row.disabledNote,
  };
}

/** Refuses a template whose text does not parse, saying where. */
function assertParses(content: string): void {
  try {
    checkTemplate(content);
  } catch (error) {
    if (error instanceof TemplateError)
      throw new AppError('gen.template_syntax', { args: [error.line, error.column, error.reason] });
    throw error;
  }
}

export async function saveTemplate(c: Caller, input: Saved): Promise<{ id: string }> {
  assertParses(input.content);
  if (await findTemplateByName(c.db, input.groupName, input.name))
    throw new AppError('gen.template_name_taken');
  const id = newId();
  const at = nowIso();
  await insertTemplate(c.db, {
    id,
    ...input,
    orderIndex: 0,
    createdBy: c.actor.user.id,
    createdAt: at,
    updatedAt: at,
  });
  return { id };
}

export async function changeTemplate(c: Caller, input: Required<GenTemplateUpdateRequest>): Promise<void> {
  if (!(await findTemplate(c.db, input.id))) throw new AppError('gen.template_not_found');
  assertParses(input.content);
  const same = await findTemplateByName(c.db, input.groupName, input.name);
  if (same && same.id !== input.id) throw new AppError('gen.template_name_taken');
  const { id, ...fields } = input;
  // Saving is the rewrite a disabled template waited for (it parses as Liquid, checked above).
  await updateTemplate(c.db, id, { ...fields, disabledNote: '', updatedAt: nowIso() });
}

export async function removeTemplate(c: Caller, id: string): Promise<void> {
  if (!(await findTemplate(c.db, id))) throw new AppError('gen.template_not_found');
  await deleteTemplate(c.db, id);
}

/** `POST /api/doc/gen/generate`: a template rendered against a doc the caller may read. */
export async function generate(c: Caller, docId: string, templateId: string): Promise<GenGenerateResult> {
  const row = await loadDocRow(c, docId, 'read');
  if (row.isFolder === 1) throw new AppError('doc.is_folder');
  const template = await findTemplate(c.db, templateId);
  if (!template) throw new AppError('gen.template_not_found');
  if (template.disabledNote) throw new AppError('gen.template_disabled', { args: [template.disabledNote] });
  const doc = readDocument(row.content);
  try {
    return { docName: doc.name, content: await renderTemplate(template.content, genContext(doc)) };
  } catch (error) {
    if (error instanceof TemplateError) throw new AppError('gen.render_failed', { args: [error.reason] });
    throw error;
  }
}
