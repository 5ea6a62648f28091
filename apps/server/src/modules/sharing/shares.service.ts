import type {
  PublicShare,
  ShareAddRequest,
  ShareConfig,
  ShareContentRow,
  ShareEnvironmentRow,
  SharePage,
  SharePageRequest,
  ShareUpdateRequest,
} from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { authorizeProject } from '../../policies/project.policy.ts';
import { listTree } from '../docs/docs.service.ts';
import { findEnvironmentsOfModule } from '../environments/environments.service.ts';
import { findLiveModule, type ModuleRow } from '../modules/modules.service.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { findProjectRelease } from '../releases/releases.service.ts';
import { sharedDocIds } from './share-scope.ts';
import {
  deleteShare,
  findLiveDocIdsOfModule,
  findShare,
  insertShare,
  listShareContents,
  listShareEnvironmentIds,
  pageShares,
  replaceShareScope,
  type ShareRow,
  updateShare,
} from './shares.repository.ts';
import { endVisitorSessions, generateVisitorPassword, protectPassword } from './visitor-access.ts';

/** Today's date (UTC) as `yyyy-MM-dd`: a share opens through its expiry day. */
export function todayUtc(): string {
  return nowIso().slice(0, 10);
}

/** Whether a share's expiry date has passed. */
export function isExpired(row: Pick<ShareRow, 'expiresOn'>): boolean {
  return row.expiresOn !== null && row.expiresOn < todayUtc();
}

/** Loads a live application whose shares the caller manages (project devs and admins). */
async function loadShareModule(c: Caller, moduleId: string): Promise<ModuleRow> {
  const module = await findLiveModule(c.db, moduleId);
  if (!module) throw new AppError('module.not_found');
  authorizeProject(
    c.access,
    projectRefOf({ id: module.projectId, spaceId: module.spaceId, isPrivate: module.isPrivate }),
    'share.manage',
  );
  return module;
}

/** Loads a share of a live application the caller manages. */
async function loadShare(c: Caller, id: string): Promise<ShareRow> {
  const share = await findShare(c.db, id);
  if (!share) throw new AppError('share.not_found');
  await loadShareModule(c, share.moduleId);
  return share;
}

function present(row: ShareRow, box: SecretBox): ShareConfig {
  return {
    id: row.id,
    moduleId: row.moduleId,
    type: row.type,
    password: row.type === 2 ? (box.open(row.passwordSealed) ?? '') : '',
    status: row.status,
    expirationTime: row.expiresOn,
    isAll: row.isAll === 1,
    remark: row.remark,
    isShowDebug: row.showDebug === 1,
    isAllSelectedDebug: row.allEnvironments === 1,
    creatorName: row.creatorName ?? '',
    gmtCreate: row.createdAt,
    expired: isExpired(row),
    url: `/share/${row.id}`,
    releaseId: row.releaseId,
  };
}

type ScopeInput = Pick<
  z.output<typeof ShareAddRequest>,
  'isAll' | 'content' | 'isAllSelectedDebug' | 'moduleEnvironmentIdList'
>;

/** Checks that chosen docs and environments belong to the application; answers the rows to store. */
async function checkedScope(c: Caller, moduleId: string, input: ScopeInput) {
  const content = input.isAll
    ? []
    : [...new Map(input.content.map((item) => [item.docId, item.isShareFolder ? 1 : 0])).entries()].map(
        ([docId, isShareFolder]) => ({ docId, isShareFolder }),
      );
  const found = await findLiveDocIdsOfModule(
    c.db,
    moduleId,
    content.map((item) => item.docId),
  );
  if (found.length !== content.length) throw new AppError('share.content_invalid');
  const folders = new Set(found.filter((row) => row.isFolder === 1).map((row) => row.id));
  // Only a folder can share "what it will hold later".
  const rows = content.map((item) => ({
    ...item,
    isShareFolder: folders.has(item.docId) ? item.isShareFolder : 0,
  }));
  const envIds = input.isAllSelectedDebug ? [] : [...new Set(input.moduleEnvironmentIdList)];
  if ((await findEnvironmentsOfModule(c.db, moduleId, envIds)).length !== envIds.length)
    throw new AppError('share.environment_invalid');
  return { content: rows, envIds };
}

/**
 * The release a share pins (null: the docs now): a release of the application's project, else 400
 * `share.release_invalid`. Undefined (absent on an update) keeps what the share had.
 */
async function checkedRelease(
  c: Caller,
  module: ModuleRow,
  releaseId: string | null | undefined,
): Promise<string | null | undefined> {
  if (releaseId === undefined) return undefined;
  if (!releaseId) return null;
  const release = await findProjectRelease(c.db, module.projectId, releaseId);
  if (!release) throw new AppError('share.release_invalid');
  return release.id;
}

/** `POST /api/doc/share/page`. */
export async function listShares(
  c: Caller,
  box: SecretBox,
  input: z.output<typeof SharePageRequest>,
): Promise<SharePage> {
  const module = await loadShareModule(c, input.moduleId);
  const { rows, total } = await pageShares(c.db, module.id, input.pageIndex, input.pageSize);
  return {
    list: rows.map((row) => present(row, box)),
    total,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
  };
}

/** `POST /api/doc/share/add`: an encrypted share gets a generated password, shown in its answer. */
export async function addShare(
  c: Caller,
  box: SecretBox,
  input: z.output<typeof ShareAddRequest>,
): Promise<ShareConfig> {
  const module = await loadShareModule(c, input.moduleId);
  const scope = await checkedScope(c, module.id, input);
  const releaseId = (await checkedRelease(c, module, input.releaseId)) ?? null;
  const secret = input.type === 2 ? await protectPassword(box, generateVisitorPassword()) : null;
  const now = nowIso();
  const id = newId();
  await c.db.transaction().execute(async (trx) => {
    await insertShare(trx, {
      id,
      moduleId: module.id,
      type: input.type,
      passwordHash: secret?.passwordHash ?? '',
      passwordSealed: secret?.passwordSealed ?? '',
      status: 1,
      expiresOn: input.expirationTime,
      isAll: input.isAll ? 1 : 0,
      remark: input.remark,
      showDebug: input.isShowDebug ? 1 : 0,
      allEnvironments: input.isAllSelectedDebug ? 1 : 0,
      releaseId,
      creatorId: c.actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await replaceShareScope(trx, id, scope.content, scope.envIds);
  });
  const row = await findShare(c.db, id);
  if (!row) throw new AppError('share.not_found');
  return present(row, box);
}

/**
 * `POST /api/doc/share/update`. Turning a public share encrypted generates a password; turning it public
 * drops the password and every visitor session.
 */
export async function editShare(
  c: Caller,
  box: SecretBox,
  input: z.output<typeof ShareUpdateRequest>,
): Promise<ShareConfig> {
  const share = await loadShare(c, input.id);
  const scope = await checkedScope(c, share.moduleId, input);
  const module = await findLiveModule(c.db, share.moduleId);
  if (!module) throw new AppError('share.not_found');
  const releaseId = await checkedRelease(c, module, input.releaseId);
  let secret: { passwordHash: string; passwordSealed: string } | undefined;
  if (input.type === 2 && share.type !== 2) secret = await protectPassword(box, generateVisitorPassword());
  if (input.type === 1) secret = { passwordHash: '', passwordSealed: '' };
  await c.db.transaction().execute(async (trx) => {
    await updateShare(trx, share.id, {
      type: input.type,
      ...(secret ?? {}),
      expiresOn: input.expirationTime,
      isAll: input.isAll ? 1 : 0,
      remark: input.remark,
      showDebug: input.isShowDebug ? 1 : 0,
      allEnvironments: input.isAllSelectedDebug ? 1 : 0,
      ...(releaseId === undefined ? {} : { releaseId }),
      updatedAt: nowIso(),
    });
    await replaceShareScope(trx, share.id, scope.content, scope.envIds);
  });
  if (input.type !== share.type) await endVisitorSessions(c.db, `share:${share.id}`);
  const row = await findShare(c.db, share.id);
  if (!row) throw new AppError('share.not_found');
  return present(row, box);
}

/** `POST /api/doc/share/del`. */
export async function removeShare(c: Caller, id: string): Promise<void> {
  const share = await loadShare(c, id);
  await c.db.transaction().execute((trx) => deleteShare(trx, share.id));
  await endVisitorSessions(c.db, `share:${share.id}`);
}

/** `POST /api/doc/share/enable` / `disable`. */
export async function setShareStatus(c: Caller, id: string, enabled: boolean): Promise<void> {
  const share = await loadShare(c, id);
  await updateShare(c.db, share.id, { status: enabled ? 1 : 0, updatedAt: nowIso() });
}

/** `POST /api/doc/share/regeneratePassword`: the old password and its sessions stop at once. */
export async function regenerateSharePassword(c: Caller, box: SecretBox, id: string): Promise<string> {
  const share = await loadShare(c, id);
  if (share.type !== 2) throw new AppError('validation.invalid_input');
  const password = generateVisitorPassword();
  await updateShare(c.db, share.id, { ...(await protectPassword(box, password)), updatedAt: nowIso() });
  await endVisitorSessions(c.db, `share:${share.id}`);
  return password;
}

/** `GET /api/doc/share/listContent`: what was chosen. */
export async function shareContent(c: Caller, id: string): Promise<ShareContentRow[]> {
  const share = await loadShare(c, id);
  const rows = await listShareContents(c.db, share.id);
  return rows.map((row) => ({ docId: row.docId, isShareFolder: row.isShareFolder === 1 }));
}

/** `GET /api/doc/share/listShareDocIds`: the docs the share reaches today (folders expanded). */
export async function shareDocIds(c: Caller, id: string): Promise<ShareContentRow[]> {
  const share = await loadShare(c, id);
  const ids = sharedDocIds(await listTree(c.db, share.moduleId), {
    isAll: share.isAll === 1,
    content: await listShareContents(c.db, share.id),
  });
  return [...ids].map((docId) => ({ docId, isShareFolder: false }));
}

/** `GET /api/doc/share/listEnvironment`. */
export async function shareEnvironments(c: Caller, id: string): Promise<ShareEnvironmentRow[]> {
  const share = await loadShare(c, id);
  const ids = await listShareEnvironmentIds(c.db, share.id);
  return ids.map((moduleEnvironmentId) => ({
    id: `${share.id}:${moduleEnvironmentId}`,
    shareConfigId: share.id,
    moduleEnvironmentId,
  }));
}

export type { PublicShare };
