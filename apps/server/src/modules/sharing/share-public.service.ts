import type { SourceEnvironment } from '@quire/api-model';
import type { Environment, PublicDoc, PublicShare, ViewNodeWire, VisitorSession } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { presentEnvironment } from '../environments/environments.presenter.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';
import { listViewRows, type ViewRow } from '../view/view.service.ts';
import { buildModuleNodes } from '../view/view-tree.ts';
import {
  type FrozenDoc,
  findProjectRelease,
  frozenViewRows,
  type ReleaseRow,
} from '../releases/releases.service.ts';
import { loadLlmsDocs } from './llms-docs.ts';
import { type LlmsSource, llmsFull, llmsIndex } from './llms-text.ts';
import { publicDocOf, publicFrozenDocOf } from './public-doc.ts';
import { rowsWithAncestors, sharedDocIds } from './share-scope.ts';
import { findShare, listShareContents, listShareEnvironmentIds, type ShareRow } from './shares.repository.ts';
import { isExpired } from './shares.service.ts';
import { checkVisitorPassword, hasVisitorSession } from './visitor-access.ts';

/** A share a visitor may open, with its application. */
interface OpenShare {
  share: ShareRow;
  module: ModuleRow;
}

/**
 * Loads a share as a visitor: unknown ids (and shares of deleted applications) are 404, a disabled share 403,
 * an expired one 410, each with its own message.
 */
async function loadOpenShare(db: Db, id: string): Promise<OpenShare> {
  const share = await findShare(db, id);
  const module = share ? await findLiveModule(db, share.moduleId) : undefined;
  if (!share || !module) throw new AppError('share.not_found');
  if (share.status !== 1) throw new AppError('share.disabled');
  if (isExpired(share)) throw new AppError('share.expired');
  return { share, module };
}

/** Loads an open share and, when it is encrypted, refuses unless the request holds its session. */
export async function loadVisibleShare(db: Db, request: FastifyRequest, id: string): Promise<OpenShare> {
  const open = await loadOpenShare(db, id);
  if (open.share.type === 2 && !(await hasVisitorSession(db, request, `share:${open.share.id}`)))
    throw new AppError('share.password_required');
  return open;
}

/** The environments a share shows: all, the chosen ones, or else the application's public ones. */
async function environmentsOf(db: Db, share: ShareRow): Promise<Environment[]> {
  const all = (await listEnvironments(db, share.moduleId)).map(presentEnvironment);
  if (share.allEnvironments === 1) return all;
  const chosen = new Set(await listShareEnvironmentIds(db, share.id));
  return chosen.size > 0 ? all.filter((e) => chosen.has(e.id)) : all.filter((e) => e.isPublic);
}

/** What a share shows: the rows its menu is built from and the docs it reaches. */
export interface ShareReach {
  rows: ViewRow[];
  docIds: Set<string>;
  /** A share of a release: its frozen docs by id (what visitors read instead of the docs now). */
  frozen: Map<string, FrozenDoc> | null;
  release: ReleaseRow | null;
}

/**
 * The shown rows of the share's application and the doc ids it reaches: the live docs, or for a share of a
 * release the docs of the application the release froze, in the folders and order it froze (a doc deleted
 * since stays). A share whose release was deleted is "not found": it never falls back to the docs now.
 */
export async function reach(db: Db, { share, module }: OpenShare): Promise<ShareReach> {
  const choice = { isAll: share.isAll === 1, content: await listShareContents(db, share.id) };
  if (!share.releaseId) {
    const rows = await listViewRows(db, [share.moduleId]);
    return { rows, docIds: sharedDocIds(rows, choice), frozen: null, release: null };
  }
  const release = await findProjectRelease(db, module.projectId, share.releaseId);
  if (!release) throw new AppError('share.not_found');
  const { rows, docs } = await frozenViewRows(db, release.id, [module.id]);
  return { rows, docIds: sharedDocIds(rows, choice), frozen: new Map(docs.map((d) => [d.id, d])), release };
}

/** `GET /api/share/get?id`: never the password, never who made it. */
export async function publicShare(db: Db, request: FastifyRequest, id: string): Promise<PublicShare> {
  const open = await loadVisibleShare(db, request, id);
  const { share, module } = open;
  const { release } = share.releaseId ? await reach(db, open) : { release: null };
  return {
    id: share.id,
    type: share.type,
    moduleName: module.name,
    remark: share.remark,
    expirationTime: share.expiresOn,
    isShowDebug: share.showDebug === 1,
    environments: await environmentsOf(db, share),
    releaseNo: release?.releaseNo ?? null,
  };
}

/** `GET /api/share/menu?id`: the shared docs with the folders above them, as reader tree nodes. */
export async function shareMenu(db: Db, request: FastifyRequest, id: string): Promise<ViewNodeWire[]> {
  const open = await loadVisibleShare(db, request, id);
  const { module } = open;
  const { rows, docIds } = await reach(db, open);
  const nodes = buildModuleNodes(
    [{ id: module.id, projectId: module.projectId, name: module.name }],
    rowsWithAncestors(rows, docIds),
  );
  return nodes.get(module.id)?.children ?? [];
}

/** `GET /api/doc/share/view?docId&shareConfigId`: a doc the share reaches; any other id is "not found". */
export async function shareDoc(
  db: Db,
  request: FastifyRequest,
  shareId: string,
  docId: string,
): Promise<PublicDoc> {
  const open = await loadVisibleShare(db, request, shareId);
  const { docIds, frozen } = await reach(db, open);
  if (!docIds.has(docId)) throw new AppError('share.doc_not_found');
  const frame = { environments: await environmentsOf(db, open.share) };
  const frozenDoc = frozen?.get(docId);
  return frozenDoc ? publicFrozenDocOf(db, docId, frozenDoc, frame) : publicDocOf(db, docId, frame);
}

/**
 * `GET /share/{id}/llms.txt` and `llms-full.txt`: the share as a visitor reads it (same gate, menu, docs and
 * environments as the page), rendered for a language model. `base` prefixes the links (QUIRE_PUBLIC_URL).
 */
export async function shareLlms(
  db: Db,
  request: FastifyRequest,
  id: string,
  options: { full: boolean; base: string },
): Promise<string> {
  const open = await loadVisibleShare(db, request, id);
  const { share, module } = open;
  const { rows, docIds, frozen } = await reach(db, open);
  const nodes = buildModuleNodes(
    [{ id: module.id, projectId: module.projectId, name: module.name }],
    rowsWithAncestors(rows, docIds),
  );
  const page = `${options.base}/share/${share.id}`;
  const source: LlmsSource = {
    title: module.name,
    summary: share.remark,
    menu: nodes.get(module.id)?.children ?? [],
    link: (docId) => `${page}/${docId}`,
    fullLink: `${page}/llms-full.txt`,
  };
  if (!options.full) return llmsIndex(source);
  const environments = (await environmentsOf(db, share)).map(
    (e): SourceEnvironment => ({ name: e.name, url: e.baseUrl, isPublic: e.isPublic }),
  );
  const docs = await loadLlmsDocs(db, [{ moduleId: module.id, docIds, environments, frozen }]);
  return llmsFull(source, docs);
}

/** `POST /api/share/checkPassword`: a visitor session for this share only. */
export async function checkSharePassword(
  db: Db,
  input: { id: string; password: string; ip: string },
): Promise<VisitorSession> {
  const { share } = await loadOpenShare(db, input.id);
  return checkVisitorPassword(db, {
    subject: `share:${share.id}`,
    passwordHash: share.type === 2 ? share.passwordHash : '',
    password: input.password,
    ip: input.ip,
  });
}

/** What a request may debug through a share (see `shareDebugScope`). */
export interface ShareDebugScope {
  shareId: string;
  moduleId: string;
  /** The docs the share reaches now (folders expanded, deleted and hidden docs left out). */
  docIds: ReadonlySet<string>;
  /** The environments the share shows; debugging should target only these base URLs. */
  environments: Environment[];
}

/**
 * For the debug proxy: whether `request` may debug through share `shareId` (default: the `X-Share-Id`
 * header), and which docs and environments that covers. Null unless the share exists, is enabled, not
 * expired, offers debugging (`isShowDebug`), and, when encrypted, the request carries a visitor session
 * of that very share (`X-Share-Token`). Never throws for a refused request.
 */
export async function shareDebugScope(
  db: Db,
  request: FastifyRequest,
  shareId?: string,
): Promise<ShareDebugScope | null> {
  const header = request.headers['x-share-id'];
  const id = shareId ?? (Array.isArray(header) ? header[0] : header);
  if (!id || id.length > 64) return null;
  try {
    const open = await loadVisibleShare(db, request, id);
    const { share } = open;
    if (share.showDebug !== 1) return null;
    const { docIds } = await reach(db, open);
    return {
      shareId: share.id,
      moduleId: share.moduleId,
      docIds,
      environments: await environmentsOf(db, share),
    };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
