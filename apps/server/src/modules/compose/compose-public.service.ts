import type { SourceEnvironment } from '@quire/api-model';
import type {
  ComposePage,
  ComposeSettingAll,
  Environment,
  PublicComposeProject,
  PublicDoc,
  ViewNodeWire,
  VisitorSession,
} from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/lang.ts';
import { presentEnvironment } from '../environments/environments.presenter.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import { loadLlmsDocs } from '../sharing/llms-docs.ts';
import { type LlmsSource, llmsFull, llmsIndex } from '../sharing/llms-text.ts';
import { publicDocOf } from '../sharing/public-doc.ts';
import { checkVisitorPassword, hasVisitorSession } from '../sharing/visitor-access.ts';
import {
  type ComposeProjectRow,
  findComposeProject,
  findLiveDocs,
  findPage,
  listEntries,
  listPages,
} from './compose.repository.ts';
import { presentPage, settingOf } from './compose.service.ts';
import { buildComposeMenu } from './compose-tree.ts';

/** A composed project a visitor may reach at all: unknown and disabled ones are both "Document not found". */
async function loadEnabled(db: Db, id: string): Promise<ComposeProjectRow> {
  const row = await findComposeProject(db, id);
  if (!row) throw new AppError('compose.not_found');
  if (row.status !== 1) throw new AppError('compose.not_found');
  return row;
}

/** An enabled composed project whose data this request may see: encrypted ones need their session. */
export async function loadVisible(db: Db, request: FastifyRequest, id: string): Promise<ComposeProjectRow> {
  const row = await loadEnabled(db, id);
  if (row.type === 2 && !(await hasVisitorSession(db, request, `compose:${row.id}`)))
    throw new AppError('share.password_required');
  return row;
}

/** `GET /api/compose/project/get?id`. */
export async function publicProject(
  db: Db,
  request: FastifyRequest,
  id: string,
): Promise<PublicComposeProject> {
  const row = await loadVisible(db, request, id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    showDebug: row.showDebug === 1,
    gatewayUrl: row.gatewayUrl,
  };
}

/** `POST /api/compose/project/checkPassword`. */
export async function checkProjectPassword(
  db: Db,
  input: { id: string; password: string; ip: string },
): Promise<VisitorSession> {
  const row = await loadEnabled(db, input.id);
  return checkVisitorPassword(db, {
    subject: `compose:${row.id}`,
    passwordHash: row.type === 2 ? row.passwordHash : '',
    password: input.password,
    ip: input.ip,
  });
}

/** `GET /api/compose/doc/menu?projectId`: the tree, always with the docs' current names. */
export async function publicMenu(
  db: Db,
  request: FastifyRequest,
  projectId: string,
): Promise<ViewNodeWire[]> {
  const row = await loadVisible(db, request, projectId);
  const entries = await listEntries(db, row.id);
  const docs = await findLiveDocs(
    db,
    entries.filter((e) => e.isFolder !== 1).map((e) => e.docId),
  );
  return buildComposeMenu(entries, new Map(docs.map((d) => [d.id, d])));
}

/** `GET /api/compose/project/setting/getall?id` for visitors. */
export async function publicSetting(db: Db, request: FastifyRequest, id: string): Promise<ComposeSettingAll> {
  return settingOf(await loadVisible(db, request, id));
}

/** `GET /api/compose/additional/listvisible?projectId`. */
export async function visiblePages(
  db: Db,
  request: FastifyRequest,
  projectId: string,
): Promise<Array<{ id: string; title: string }>> {
  const row = await loadVisible(db, request, projectId);
  return (await listPages(db, row.id))
    .filter((p) => p.status === 1)
    .map((p) => ({ id: p.id, title: p.title }));
}

/** `GET /api/compose/additional/get?id`: an enabled page of a visible composed project. */
export async function visiblePage(db: Db, request: FastifyRequest, id: string): Promise<ComposePage> {
  const page = await findPage(db, id);
  if (!page) throw new AppError('compose.page_not_found');
  await loadVisible(db, request, page.projectId);
  if (page.status !== 1) throw new AppError('compose.page_not_found');
  return presentPage(page);
}

/**
 * `GET /api/compose/doc/view?projectId&docId`: a doc the composed project holds, at its current revision,
 * with the project's global params and returns. The gateway URL, when set, is the only host shown;
 * otherwise the doc's application's public environments.
 */
export async function publicComposeDoc(
  db: Db,
  request: FastifyRequest,
  projectId: string,
  docId: string,
): Promise<PublicDoc> {
  const row = await loadVisible(db, request, projectId);
  const entry = (await listEntries(db, row.id)).find((e) => e.isFolder !== 1 && e.docId === docId);
  const doc = entry ? (await findLiveDocs(db, [docId]))[0] : undefined;
  if (!doc || doc.isFolder === 1 || doc.isShow !== 1) throw new AppError('compose.doc_not_found');
  const environments: Environment[] = row.gatewayUrl
    ? [
        {
          id: 'gateway',
          moduleId: '',
          name: translate(request.lang, 'compose', 'gateway'),
          baseUrl: row.gatewayUrl,
          isPublic: true,
          orderIndex: 0,
        },
      ]
    : (await listEnvironments(db, doc.moduleId)).map(presentEnvironment).filter((e) => e.isPublic);
  const setting = settingOf(row);
  return publicDocOf(db, doc.id, {
    environments,
    globals: { globalParams: setting.globalParams, globalReturns: setting.globalReturns },
  });
}

/**
 * `GET /show/{id}/llms.txt` and `llms-full.txt`: the composed project as a visitor reads it (same gate, menu,
 * shown docs and hosts as `publicComposeDoc`), rendered for a language model. Its own global params are not
 * printed, as no doc's globals are.
 */
export async function composeLlms(
  db: Db,
  request: FastifyRequest,
  id: string,
  options: { full: boolean; base: string },
): Promise<string> {
  const row = await loadVisible(db, request, id);
  const entries = await listEntries(db, row.id);
  const docs = await findLiveDocs(
    db,
    entries.filter((e) => e.isFolder !== 1).map((e) => e.docId),
  );
  const shown = docs.filter((d) => d.isFolder !== 1 && d.isShow === 1);
  const menu = buildComposeMenu(entries, new Map(shown.map((d) => [d.id, d])));
  const page = `${options.base}/show/${row.id}`;
  const source: LlmsSource = {
    title: row.name,
    summary: row.description,
    menu,
    link: (docId) => `${page}/${docId}`,
    fullLink: `${page}/llms-full.txt`,
  };
  if (!options.full) return llmsIndex(source);
  const byModule = new Map<string, Set<string>>();
  for (const doc of shown) byModule.set(doc.moduleId, (byModule.get(doc.moduleId) ?? new Set()).add(doc.id));
  const gateway: SourceEnvironment[] = row.gatewayUrl
    ? [{ name: translate(request.lang, 'compose', 'gateway'), url: row.gatewayUrl, isPublic: true }]
    : [];
  const groups = [];
  for (const [moduleId, docIds] of byModule) {
    const environments = row.gatewayUrl
      ? gateway
      : (await listEnvironments(db, moduleId))
          .filter((e) => e.isPublic === 1)
          .map((e): SourceEnvironment => ({ name: e.name, url: e.baseUrl, isPublic: true }));
    groups.push({ moduleId, docIds, environments });
  }
  return llmsFull(source, await loadLlmsDocs(db, groups));
}

/** What a request may debug through a composed project (see `composeDebugScope`). */
export interface ComposeDebugScope {
  projectId: string;
  /** The composed project's space (its internal access counts for the gateway and the docs' hosts). */
  spaceId: string;
  /** The live, shown docs the composed project holds now. */
  docIds: ReadonlySet<string>;
  /** The gateway URL that replaces every doc's host, or '' (then each doc's public environments apply). */
  gatewayUrl: string;
}

/**
 * For the debug proxy: whether `request` may debug through composed project `projectId` (default: the
 * `X-Compose-Id` header). Null unless it exists, is enabled, offers debugging and, when encrypted, the request
 * carries a visitor session of that very project. Never throws for a refused request.
 */
export async function composeDebugScope(
  db: Db,
  request: FastifyRequest,
  projectId?: string,
): Promise<ComposeDebugScope | null> {
  const header = request.headers['x-compose-id'];
  const id = projectId ?? (Array.isArray(header) ? header[0] : header);
  if (!id || id.length > 64) return null;
  try {
    const row = await loadVisible(db, request, id);
    if (row.showDebug !== 1) return null;
    const entries = await listEntries(db, row.id);
    const docs = await findLiveDocs(
      db,
      entries.filter((e) => e.isFolder !== 1).map((e) => e.docId),
    );
    const docIds = new Set(docs.filter((d) => d.isFolder !== 1 && d.isShow === 1).map((d) => d.id));
    return { projectId: row.id, spaceId: row.spaceId, docIds, gatewayUrl: row.gatewayUrl };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
