import { projectChangelog } from '../releases/releases.service.ts';
import type { DocChange, SourceEnvironment } from '@quire/api-model';
import { docModelMarkdown, exportOpenApi } from '@quire/api-model/export';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { canDoc } from '../../policies/doc.policy.ts';
import { readDocument } from '../docs/doc-document.ts';
import { findDocRow, linkedEnumIds, saveDocDescription } from '../docs/docs.service.ts';
import { enumsWithItems } from '../enums/enums.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import { loadExportSource } from '../export/export-source.service.ts';
import { findLiveModule, listLiveModules, type ModuleRow } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { findLiveProject, type ProjectRow } from '../projects/projects.service.ts';
import { readableProjects, searchReadableDocs } from '../view/view.service.ts';
import { describeChanges, mayBreak } from './mcp-changes.ts';
import { type OpenApiPage, openApiPage, parseCursor } from './mcp-openapi.ts';
import { listProjectRevisions } from './mcp.repository.ts';

/**
 * What the MCP tools answer (modules/mcp/mcp-server.ts registers them). Every read goes through the same
 * policies as the web API, with the token's scope in the caller's access (http/access.ts). Whatever the caller
 * may not read answers "not found", exactly as what does not exist: a model learns nothing from the refusal.
 */

/** A live project the caller may read, else `project.not_found`. */
async function readableProject(c: Caller, id: string): Promise<ProjectRow> {
  const project = await findLiveProject(c.db, id);
  if (!project || !canDoc(c.access, projectRefOf(project), 'read')) throw new AppError('project.not_found');
  return project;
}

/** A live application the caller may read the docs of, else `module.not_found`. */
async function readableModule(c: Caller, id: string): Promise<ModuleRow> {
  const module = await findLiveModule(c.db, id);
  const ref =
    module && projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate });
  if (!module || !ref || !canDoc(c.access, ref, 'read')) throw new AppError('module.not_found');
  return module;
}

/** A live doc (not a folder) the caller may read, else `doc.not_found`. */
async function readableDocRow(c: Caller, docId: string) {
  const row = await findDocRow(c.db, docId);
  const ref = row && projectRefOf({ id: row.projectId, spaceId: row.spaceId, isPrivate: row.isPrivate });
  if (!row || !ref || row.isFolder === 1 || !canDoc(c.access, ref, 'read'))
    throw new AppError('doc.not_found');
  return row;
}

export async function searchDocsTool(
  c: Caller,
  input: { query: string; projectId?: string | undefined; limit: number },
) {
  const hits = await searchReadableDocs(c, input.query, { projectId: input.projectId, limit: input.limit });
  return hits.map((hit) => ({
    docId: hit.id,
    name: hit.name,
    method: hit.httpMethod,
    url: hit.url,
    application: { id: hit.moduleId, name: hit.moduleName },
    project: { id: hit.projectId, name: hit.projectName },
    ...(hit.deprecated && hit.deprecated !== '$false$' ? { deprecated: hit.deprecated } : {}),
  }));
}

export async function getDocTool(c: Caller, docId: string): Promise<string> {
  const row = await readableDocRow(c, docId);
  const doc = readDocument(row.content);
  const [environments, enums, module] = await Promise.all([
    listEnvironments(c.db, row.moduleId),
    enumsWithItems(c, row.moduleId, linkedEnumIds(doc)),
    findLiveModule(c.db, row.moduleId),
  ]);
  const byId = new Map(enums.map((e) => [e.id, e.items]));
  const printed = environments.map(
    (env): SourceEnvironment => ({ name: env.name, url: env.baseUrl, isPublic: env.isPublic === 1 }),
  );
  const markdown = docModelMarkdown(doc, {
    environments: printed,
    enumValues: (id) => byId.get(id),
    level: 1,
  });
  const facts = [
    `docId: ${row.id}`,
    `revision: ${row.revision}`,
    `application: ${module?.name ?? ''} (${row.moduleId})`,
    `projectId: ${row.projectId}`,
  ];
  return `${markdown.trimEnd()}\n\n---\n${facts.join('\n')}\n`;
}

export async function listProjectsTool(c: Caller) {
  return (await readableProjects(c)).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    space: { id: p.spaceId, name: p.spaceName },
  }));
}

export async function listApplicationsTool(c: Caller, projectId: string) {
  const project = await readableProject(c, projectId);
  return (await listLiveModules(c.db, project.id)).map((m) => ({ id: m.id, name: m.name }));
}

/** The applications whose OpenAPI the caller may read, for the resource list. */
export async function readableApplications(
  c: Caller,
): Promise<Array<{ module: ModuleRow; project: ProjectRow }>> {
  const out: Array<{ module: ModuleRow; project: ProjectRow }> = [];
  for (const project of await readableProjects(c))
    for (const module of await listLiveModules(c.db, project.id)) out.push({ module, project });
  return out;
}

export async function getOpenApiTool(
  c: Caller,
  moduleId: string,
  cursor: string | undefined,
): Promise<OpenApiPage> {
  const start = parseCursor(cursor);
  if (start === null) throw new AppError('validation.invalid_input');
  const module = await readableModule(c, moduleId);
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    allowEmpty: true,
  });
  return openApiPage(exportOpenApi(source).document, start);
}

/** How many revisions `list_changes` reads at most. */
export const CHANGES_MAX = 200;

export async function listChangesTool(
  c: Caller,
  input: { projectId: string; since?: string | undefined; limit: number },
) {
  const project = await readableProject(c, input.projectId);
  const since = input.since ? new Date(input.since).toISOString() : '';
  const rows = await listProjectRevisions(c.db, project.id, since, Math.min(input.limit, CHANGES_MAX));
  const changes = rows.map((row) => {
    const diff = JSON.parse(row.changes || '[]') as DocChange[];
    return {
      docId: row.docId,
      doc: row.docName,
      method: row.httpMethod,
      url: row.url,
      application: { id: row.moduleId, name: row.moduleName },
      revision: row.revision,
      at: row.createdAt,
      by: row.byName ?? '',
      source: row.source,
      remark: row.remark,
      mayBreak: mayBreak(diff),
      summary: describeChanges(diff),
    };
  });
  // Breaking changes first, each group newest first (the query's order).
  const revisions = [...changes.filter((x) => x.mayBreak), ...changes.filter((x) => !x.mayBreak)];
  // The reviewed changelog (docs/releases.md): the project's releases, then every operation changed since the
  // newest valid one, classified by the semantic diff, breaking ones first.
  const changelog = await projectChangelog(c, project.id);
  const rank = { breaking: 0, 'non-breaking': 1, docs: 2 } as const;
  const operations = [...(changelog.changes?.operations ?? [])].sort((a, b) => rank[a.level] - rank[b.level]);
  return {
    releases: changelog.releases.map((r) => ({ id: r.id, releaseNo: r.releaseNo, gmtCreate: r.gmtCreate })),
    sinceRelease: changelog.since,
    changesSinceRelease: changelog.changes ? { summary: changelog.changes.summary, operations } : null,
    revisions,
  };
}

export async function saveDocDescriptionTool(
  c: Caller,
  input: { docId: string; description: string; revision?: number | undefined; remark?: string | undefined },
) {
  // A doc the owner cannot read is "not found"; one they read but may not edit is refused as on the web.
  await readableDocRow(c, input.docId);
  const saved = await saveDocDescription(c, {
    id: input.docId,
    description: input.description,
    revision: input.revision,
    remark: input.remark ?? 'MCP: save_doc_description',
  });
  return { docId: saved.id, revision: saved.revision, updatedAt: saved.updateTime };
}
