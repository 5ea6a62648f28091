import { ParamListSchema, type ParamRow } from '@quire/api-model';
import type {
  ComposeDocAddRequest,
  ComposeDocRow,
  ComposeFolderAddRequest,
  ComposeFolderUpdateRequest,
  ComposeOrderRequest,
  ComposePage,
  ComposePageAddRequest,
  ComposePageUpdateRequest,
  ComposeProject,
  ComposeProjectAddRequest,
  ComposeProjectUpdateRequest,
  ComposeSettingAll,
  ComposeSettingSaveRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { canSpace } from '../../policies/space.policy.ts';
import { loadDocRef } from '../docs/doc-access.ts';
import { endVisitorSessions, generateVisitorPassword, protectPassword } from '../sharing/visitor-access.ts';
import { loadSpace } from '../spaces/spaces.service.ts';
import {
  type ComposePageRow,
  type ComposeProjectRow,
  deleteComposeProject,
  deleteEntries,
  deletePage,
  findComposeProject,
  findEntry,
  findLiveDocs,
  findPage,
  insertComposeProject,
  insertEntries,
  insertPage,
  listComposeProjects,
  listEntries,
  listPages,
  updateComposeProject,
  updateEntry,
  updatePage,
} from './compose.repository.ts';

const ORDER_STEP = 10;

/** Reads a stored param tree; what cannot be read counts as none rather than failing a page. */
export function readParams(json: string): ParamRow[] {
  try {
    return ParamListSchema.parse(JSON.parse(json)) as ParamRow[];
  } catch {
    return [];
  }
}

/**
 * Loads a composed project for a member of its space: `read` for everyone in the space, `manage` for its
 * devs and admins (who may create projects there).
 */
async function loadProject(c: Caller, id: string, action: 'read' | 'manage'): Promise<ComposeProjectRow> {
  const row = await findComposeProject(c.db, id);
  if (!row) throw new AppError('compose.not_found');
  await loadSpace(c, row.spaceId, action === 'read' ? 'space.read' : 'space.project.create');
  return row;
}

function presentProject(c: Caller, box: SecretBox, row: ComposeProjectRow): ComposeProject {
  const manager = canSpace(c.access, row.spaceId, 'space.project.create');
  return {
    id: row.id,
    spaceId: row.spaceId,
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    password: manager && row.type === 2 ? (box.open(row.passwordSealed) ?? '') : '',
    creatorName: row.creatorName ?? '',
    gmtCreate: row.createdAt,
  };
}

/** `GET /api/compose/project/list?spaceId`. */
export async function listProjects(c: Caller, box: SecretBox, spaceId: string): Promise<ComposeProject[]> {
  const space = await loadSpace(c, spaceId, 'space.read');
  return (await listComposeProjects(c.db, space.id)).map((row) => presentProject(c, box, row));
}

/** `POST /api/compose/project/add`: only in a composed space; encrypted ones get a generated password. */
export async function addProject(
  c: Caller,
  box: SecretBox,
  input: z.output<typeof ComposeProjectAddRequest>,
): Promise<ComposeProject> {
  const space = await loadSpace(c, input.spaceId, 'space.project.create');
  if (space.isCompose !== 1) throw new AppError('compose.space_not_compose');
  const secret = input.type === 2 ? await protectPassword(box, generateVisitorPassword()) : null;
  const now = nowIso();
  const id = newId();
  await insertComposeProject(c.db, {
    id,
    spaceId: space.id,
    name: input.name,
    description: input.description,
    type: input.type,
    passwordHash: secret?.passwordHash ?? '',
    passwordSealed: secret?.passwordSealed ?? '',
    status: input.status,
    showDebug: 0,
    gatewayUrl: '',
    globalParams: '[]',
    globalReturns: '[]',
    creatorId: c.actor.user.id,
    createdAt: now,
    updatedAt: now,
  });
  return presentProject(c, box, await loadProject(c, id, 'manage'));
}

/** `POST /api/compose/project/update`: switching type makes or drops the password and ends sessions. */
export async function updateProject(
  c: Caller,
  box: SecretBox,
  input: z.output<typeof ComposeProjectUpdateRequest>,
): Promise<ComposeProject> {
  const row = await loadProject(c, input.id, 'manage');
  let secret: { passwordHash: string; passwordSealed: string } | undefined;
  if (input.type === 2 && row.type !== 2) secret = await protectPassword(box, generateVisitorPassword());
  if (input.type === 1) secret = { passwordHash: '', passwordSealed: '' };
  await updateComposeProject(c.db, row.id, {
    name: input.name,
    description: input.description,
    type: input.type,
    status: input.status,
    ...(secret ?? {}),
    updatedAt: nowIso(),
  });
  if (input.type !== row.type) await endVisitorSessions(c.db, `compose:${row.id}`);
  return presentProject(c, box, await loadProject(c, row.id, 'manage'));
}

/** `POST /api/compose/project/delete`. */
export async function deleteProject(c: Caller, id: string): Promise<void> {
  const row = await loadProject(c, id, 'manage');
  await c.db.transaction().execute((trx) => deleteComposeProject(trx, row.id));
  await endVisitorSessions(c.db, `compose:${row.id}`);
}

/** `POST /api/compose/project/regeneratePassword`: the old password and its sessions stop at once. */
export async function regenerateProjectPassword(c: Caller, box: SecretBox, id: string): Promise<string> {
  const row = await loadProject(c, id, 'manage');
  if (row.type !== 2) throw new AppError('validation.invalid_input');
  const password = generateVisitorPassword();
  await updateComposeProject(c.db, row.id, {
    ...(await protectPassword(box, password)),
    updatedAt: nowIso(),
  });
  await endVisitorSessions(c.db, `compose:${row.id}`);
  return password;
}

async function assertFolder(c: Caller, projectId: string, folderId: string): Promise<void> {
  if (!folderId) return;
  const folder = await findEntry(c.db, folderId);
  if (!folder || folder.projectId !== projectId || folder.isFolder !== 1)
    throw new AppError('compose.folder_not_found');
}

async function nextOrder(c: Caller, projectId: string): Promise<number> {
  const entries = await listEntries(c.db, projectId);
  return entries.reduce((max, e) => Math.max(max, e.orderIndex), 0) + ORDER_STEP;
}

/**
 * `POST /api/compose/doc/add`: docs the caller may read, from any project, into a folder. A doc already in
 * the composed project is skipped (each doc shows once, so its page address is unambiguous).
 */
export async function addDocs(c: Caller, input: z.output<typeof ComposeDocAddRequest>): Promise<void> {
  const project = await loadProject(c, input.projectId, 'manage');
  await assertFolder(c, project.id, input.parentId);
  const present = new Set((await listEntries(c.db, project.id)).map((e) => e.docId));
  const wanted = input.docList.filter(
    (d, i, all) => !present.has(d.docId) && all.findIndex((x) => x.docId === d.docId) === i,
  );
  for (const item of wanted) {
    const ref = await loadDocRef(c, item.docId, 'read');
    if (ref.isFolder === 1) throw new AppError('doc.is_folder');
  }
  const live = new Map(
    (
      await findLiveDocs(
        c.db,
        wanted.map((d) => d.docId),
      )
    ).map((d) => [d.id, d]),
  );
  let order = await nextOrder(c, project.id);
  const now = nowIso();
  await insertEntries(
    c.db,
    wanted.map((item) => {
      const doc = live.get(item.docId);
      const orderIndex = item.orderIndex ?? order;
      order += ORDER_STEP;
      return {
        id: newId(),
        projectId: project.id,
        docId: item.docId,
        isFolder: 0,
        folderName: '',
        parentId: input.parentId,
        origin: item.origin || (doc ? `${doc.spaceName}/${doc.projectName}/${doc.moduleName}` : ''),
        orderIndex,
        creatorId: c.actor.user.id,
        createdAt: now,
      };
    }),
  );
}

async function loadEntry(c: Caller, id: string) {
  const entry = await findEntry(c.db, id);
  if (!entry) throw new AppError('compose.doc_not_found');
  await loadProject(c, entry.projectId, 'manage');
  return entry;
}

/** `POST /api/compose/doc/remove`: an entry; a folder goes with everything in it. */
export async function removeEntry(c: Caller, id: string): Promise<void> {
  const entry = await loadEntry(c, id);
  const entries = await listEntries(c.db, entry.projectId);
  const gone = new Set([entry.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of entries)
      if (!gone.has(e.id) && gone.has(e.parentId)) {
        gone.add(e.id);
        grew = true;
      }
  }
  await deleteEntries(c.db, [...gone]);
}

/** `POST /api/compose/doc/folder/add`. */
export async function addFolder(
  c: Caller,
  input: z.output<typeof ComposeFolderAddRequest>,
): Promise<ComposeDocRow> {
  const project = await loadProject(c, input.projectId, 'manage');
  await assertFolder(c, project.id, input.parentId);
  const id = newId();
  await insertEntries(c.db, [
    {
      id,
      projectId: project.id,
      docId: '',
      isFolder: 1,
      folderName: input.name,
      parentId: input.parentId,
      origin: '',
      orderIndex: input.orderIndex ?? (await nextOrder(c, project.id)),
      creatorId: c.actor.user.id,
      createdAt: nowIso(),
    },
  ]);
  const row = (await listEntryRows(c, project.id)).find((e) => e.id === id);
  if (!row) throw new AppError('compose.folder_not_found');
  return row;
}

/** `POST /api/compose/doc/folder/update`. */
export async function renameFolder(
  c: Caller,
  input: z.output<typeof ComposeFolderUpdateRequest>,
): Promise<void> {
  const entry = await loadEntry(c, input.id);
  if (entry.isFolder !== 1) throw new AppError('compose.folder_not_found');
  await updateEntry(c.db, entry.id, { folderName: input.name });
}

/** `POST /api/compose/doc/orderindex/update`. */
export async function reorderEntry(c: Caller, input: z.output<typeof ComposeOrderRequest>): Promise<void> {
  const entry = await loadEntry(c, input.id);
  await updateEntry(c.db, entry.id, { orderIndex: input.orderIndex });
}

async function listEntryRows(c: Caller, projectId: string): Promise<ComposeDocRow[]> {
  const entries = await listEntries(c.db, projectId);
  const live = new Map(
    (
      await findLiveDocs(
        c.db,
        entries.filter((e) => e.isFolder !== 1).map((e) => e.docId),
      )
    ).map((d) => [d.id, d]),
  );
  return entries.map((e) => {
    const doc = live.get(e.docId);
    return {
      id: e.id,
      docId: e.docId,
      origin: e.origin,
      projectId: e.projectId,
      isFolder: e.isFolder === 1,
      parentId: e.parentId,
      creator: e.creatorName ?? '',
      gmtCreate: e.createdAt,
      name: e.isFolder === 1 ? e.folderName : (doc?.name ?? ''),
      url: doc?.url ?? '',
      httpMethod: doc?.httpMethod ?? '',
      orderIndex: e.orderIndex,
      available: e.isFolder === 1 || doc !== undefined,
    };
  });
}

/** `GET /api/compose/doc/list?projectId`: for the space's members; names and URLs always current. */
export async function listDocs(c: Caller, projectId: string): Promise<ComposeDocRow[]> {
  const project = await loadProject(c, projectId, 'read');
  return listEntryRows(c, project.id);
}

/** `GET /api/compose/project/setting/get|getall?id` for the space's members. */
export async function getSetting(c: Caller, id: string): Promise<ComposeSettingAll> {
  return settingOf(await loadProject(c, id, 'read'));
}

/** The settings of a composed project with its global params and returns. */
export function settingOf(row: ComposeProjectRow): ComposeSettingAll {
  return {
    id: row.id,
    gatewayUrl: row.gatewayUrl,
    showDebug: row.showDebug === 1,
    globalParams: readParams(row.globalParams),
    globalReturns: readParams(row.globalReturns),
  };
}

/** `POST /api/compose/project/setting/save`. */
export async function saveSetting(
  c: Caller,
  input: z.output<typeof ComposeSettingSaveRequest>,
): Promise<void> {
  const row = await loadProject(c, input.id, 'manage');
  await updateComposeProject(c.db, row.id, {
    gatewayUrl: input.gatewayUrl,
    showDebug: input.showDebug ? 1 : 0,
    ...(input.globalParams ? { globalParams: JSON.stringify(input.globalParams) } : {}),
    ...(input.globalReturns ? { globalReturns: JSON.stringify(input.globalReturns) } : {}),
    updatedAt: nowIso(),
  });
}

/** A page as the API answers it. */
export function presentPage(row: ComposePageRow): ComposePage {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    content: row.content,
    contentKind: row.contentKind === 'markdown' ? 'markdown' : 'html',
    status: row.status,
    orderIndex: row.orderIndex,
    gmtCreate: row.createdAt,
  };
}

// Rich text is cleaned on save, so what is stored is safe to render; Markdown is rendered safely by readers.
function cleanContent(kind: 'html' | 'markdown', content: string): string {
  return kind === 'html' ? sanitizeHtml(content) : content;
}

/** `GET /api/compose/additional/list?projectId`: every page, with content, for the space's members. */
export async function listAllPages(c: Caller, projectId: string): Promise<ComposePage[]> {
  const project = await loadProject(c, projectId, 'read');
  return (await listPages(c.db, project.id)).map(presentPage);
}

/** `POST /api/compose/additional/add`. */
export async function addPage(
  c: Caller,
  input: z.output<typeof ComposePageAddRequest>,
): Promise<ComposePage> {
  const project = await loadProject(c, input.projectId, 'manage');
  const pages = await listPages(c.db, project.id);
  const now = nowIso();
  const row: ComposePageRow = {
    id: newId(),
    projectId: project.id,
    title: input.title,
    content: cleanContent(input.contentKind, input.content),
    contentKind: input.contentKind,
    status: input.status,
    orderIndex: input.orderIndex ?? pages.reduce((max, p) => Math.max(max, p.orderIndex), 0) + ORDER_STEP,
    createdAt: now,
    updatedAt: now,
  };
  await insertPage(c.db, row);
  return presentPage(row);
}

async function loadPage(c: Caller, id: string): Promise<ComposePageRow> {
  const page = await findPage(c.db, id);
  if (!page) throw new AppError('compose.page_not_found');
  await loadProject(c, page.projectId, 'manage');
  return page;
}

/** `POST /api/compose/additional/update`. */
export async function editPage(c: Caller, input: z.output<typeof ComposePageUpdateRequest>): Promise<void> {
  const page = await loadPage(c, input.id);
  await updatePage(c.db, page.id, {
    title: input.title,
    content: cleanContent(input.contentKind, input.content),
    contentKind: input.contentKind,
    status: input.status,
    ...(input.orderIndex !== undefined ? { orderIndex: input.orderIndex } : {}),
    updatedAt: nowIso(),
  });
}

/** `POST /api/compose/additional/status/update`. */
export async function setPageStatus(c: Caller, id: string, status: number): Promise<void> {
  const page = await loadPage(c, id);
  await updatePage(c.db, page.id, { status, updatedAt: nowIso() });
}

/** `POST /api/compose/additional/delete`. */
export async function removePage(c: Caller, id: string): Promise<void> {
  const page = await loadPage(c, id);
  await deletePage(c.db, page.id);
}
