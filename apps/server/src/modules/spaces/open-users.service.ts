import type { OpenUserAddRequest } from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { authorizeOpenUsers } from '../../policies/open-user.policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findOpenUser,
  insertOpenUser,
  listOpenUsers,
  type OpenUserRow,
  updateOpenUser,
} from './open-users.repository.ts';
import { findLiveSpace } from './spaces.repository.ts';

/** An open user together with the secret shown this one time. */
export interface OpenUserWithSecretRow {
  row: OpenUserRow;
  secret: string;
}

/** The space must be live and the caller its admin. */
async function authorizeSpaceOpenUsers(c: Caller, spaceId: string): Promise<void> {
  const space = await findLiveSpace(c.db, spaceId);
  if (!space) throw new AppError('space.not_found');
  authorizeOpenUsers(c.access, space.id);
}

/** Loads an open user of a live space the caller manages. */
async function loadOpenUser(c: Caller, id: string): Promise<OpenUserRow> {
  const row = await findOpenUser(c.db, id);
  if (!row) throw new AppError('open_user.not_found');
  await authorizeSpaceOpenUsers(c, row.spaceId);
  return row;
}

async function reload(c: Caller, id: string): Promise<OpenUserRow> {
  const row = await findOpenUser(c.db, id);
  if (!row) throw new AppError('open_user.not_found');
  return row;
}

/** The open users of a space (space admin). */
export async function listSpaceOpenUsers(c: Caller, spaceId: string): Promise<OpenUserRow[]> {
  await authorizeSpaceOpenUsers(c, spaceId);
  return listOpenUsers(c.db, spaceId);
}

/** An app key readable in logs: the creation date, then a random id (`20261122` + 16 characters). */
function newAppKey(): string {
  return `${nowIso().slice(0, 10).replaceAll('-', '')}${newId()}`;
}

/** Creates an open user (space admin); the secret is answered once and only its hash is kept. */
export async function addOpenUser(
  c: Caller,
  input: z.output<typeof OpenUserAddRequest>,
  secretKey?: string,
): Promise<OpenUserWithSecretRow> {
  await authorizeSpaceOpenUsers(c, input.spaceId);
  const id = newId();
  const secret = newSecret();
  const signSecret = (await secretBoxOf(c.db, secretKey)).seal(secret);
  const now = nowIso();
  await c.db.transaction().execute(async (trx) => {
    await insertOpenUser(trx, {
      id,
      spaceId: input.spaceId,
      appKey: newAppKey(),
      secretHash: sha256(secret),
      // Sealed, to verify open-API signatures (a second factor beside the hashed push token).
      signSecret,
      status: 1,
      applicant: input.applicant,
      creatorId: c.actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(
      trx,
      c.actor.user.id,
      'openUser.create',
      { type: 'openUser', id },
      {
        spaceId: input.spaceId,
      },
    );
  });
  return { row: await reload(c, id), secret };
}

/** Enables or disables an open user (space admin). */
export async function setOpenUserStatus(c: Caller, id: string, enabled: boolean): Promise<void> {
  const row = await loadOpenUser(c, id);
  await c.db.transaction().execute(async (trx) => {
    await updateOpenUser(trx, row.id, { status: enabled ? 1 : 0, updatedAt: nowIso() });
    await recordAudit(
      trx,
      c.actor.user.id,
      enabled ? 'openUser.enable' : 'openUser.disable',
      { type: 'openUser', id: row.id },
      { spaceId: row.spaceId, appKey: row.appKey },
    );
  });
}

/** Replaces the secret of an open user (space admin); the old one stops working at once. */
export async function resetOpenUserSecret(
  c: Caller,
  id: string,
  secretKey?: string,
): Promise<OpenUserWithSecretRow> {
  const row = await loadOpenUser(c, id);
  const secret = newSecret();
  const signSecret = (await secretBoxOf(c.db, secretKey)).seal(secret);
  await c.db.transaction().execute(async (trx) => {
    await updateOpenUser(trx, row.id, {
      secretHash: sha256(secret),
      signSecret,
      updatedAt: nowIso(),
    });
    await recordAudit(
      trx,
      c.actor.user.id,
      'openUser.secretReset',
      { type: 'openUser', id: row.id },
      {
        spaceId: row.spaceId,
        appKey: row.appKey,
      },
    );
  });
  return { row: await reload(c, row.id), secret };
}
