import {
  PERSONAL_TOKEN_PREFIX,
  type PersonalToken,
  type PersonalTokenCreated,
  type TokenAddRequest,
  TokenLimits,
} from '@quire/shared';
import type { z } from 'zod';
import {
  insertPersonalToken,
  listPersonalTokensOfUser,
  type PersonalTokenRow,
  revokePersonalToken,
} from '../../db/personal-tokens.repository.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';
import { canDoc } from '../../policies/doc.policy.ts';
import { projectRefOf } from '../projects/projects.presenter.ts';
import { findLiveProjects } from '../projects/projects.service.ts';

const DAY_MS = 86_400_000;
/** Characters of the token kept to show in the list: the prefix and a few of the secret. */
const SHOWN_CHARS = PERSONAL_TOKEN_PREFIX.length + 6;

type AddInput = z.output<typeof TokenAddRequest>;

function statusOf(row: PersonalTokenRow, now: number): PersonalToken['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && Date.parse(row.expiresAt) <= now) return 'expired';
  return 'active';
}

function present(row: PersonalTokenRow, names: ReadonlyMap<string, string>, now: number): PersonalToken {
  const ids: string[] | null = row.projectIds ? JSON.parse(row.projectIds) : null;
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.prefix}…`,
    scope: row.readOnly === 1 ? 'read' : 'write',
    projects: ids
      ? ids.flatMap((id) => {
          const name = names.get(id);
          return name === undefined ? [] : [{ id, name }];
        })
      : null,
    gmtCreate: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    status: statusOf(row, now),
  };
}

async function projectNames(c: Caller, rows: ReadonlyArray<PersonalTokenRow>): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const row of rows)
    for (const id of row.projectIds ? (JSON.parse(row.projectIds) as string[]) : []) ids.add(id);
  const projects = await findLiveProjects(c.db, [...ids]);
  return new Map(projects.map((p) => [p.id, p.name]));
}

/** `GET /api/user/token/list`: the caller's own tokens, newest first, never a secret. */
export async function listOwnTokens(c: Caller): Promise<PersonalToken[]> {
  const rows = await listPersonalTokensOfUser(c.db, c.actor.user.id);
  const names = await projectNames(c, rows);
  const now = Date.now();
  return rows.map((row) => present(row, names, now));
}

/**
 * `POST /api/user/token/add`: a new token for the caller, answered with its secret this once. Only the sha256
 * of the whole token is kept. A project limit must name projects the caller can read today; the token's
 * rights are still decided at each use from its owner's current roles.
 */
export async function addOwnToken(c: Caller, input: AddInput): Promise<PersonalTokenCreated> {
  const now = Date.now();
  const rows = await listPersonalTokensOfUser(c.db, c.actor.user.id);
  const live = rows.filter((row) => statusOf(row, now) === 'active').length;
  if (live >= TokenLimits.perUser) throw new AppError('token.too_many', { args: [live] });
  const wanted = [...new Set(input.projectIds ?? [])];
  let projectIds: string[] | null = null;
  const names = new Map<string, string>();
  if (wanted.length > 0) {
    const projects = await findLiveProjects(c.db, wanted);
    const readable = projects.filter((p) => canDoc(c.access, projectRefOf(p), 'read'));
    if (readable.length !== wanted.length) throw new AppError('token.project_invalid');
    for (const p of readable) names.set(p.id, p.name);
    projectIds = wanted;
  }
  const token = `${PERSONAL_TOKEN_PREFIX}${newSecret()}`;
  const row: PersonalTokenRow = {
    id: newId(),
    userId: c.actor.user.id,
    name: input.name,
    tokenHash: sha256(token),
    prefix: token.slice(0, SHOWN_CHARS),
    readOnly: input.scope === 'read' ? 1 : 0,
    projectIds: projectIds ? JSON.stringify(projectIds) : null,
    createdAt: nowIso(),
    expiresAt: input.expiresInDays ? new Date(now + input.expiresInDays * DAY_MS).toISOString() : null,
    lastUsedAt: null,
    revokedAt: null,
  };
  await insertPersonalToken(c.db, row);
  return { ...present(row, names, now), token };
}

/** `POST /api/user/token/revoke`: ends one of the caller's tokens at once (the row stays, marked revoked). */
export async function revokeOwnToken(c: Caller, id: string): Promise<void> {
  if (!(await revokePersonalToken(c.db, c.actor.user.id, id, nowIso())))
    throw new AppError('token.not_found');
}
