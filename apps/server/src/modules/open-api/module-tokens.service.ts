import type { ModuleTokenStatus } from '@quire/shared';
import type { Caller } from '../../http/access.ts';
import { nowIso } from '../../lib/clock.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { loadModule } from '../modules/modules.service.ts';
import { findModuleToken, replaceModuleToken } from './module-tokens.repository.ts';

/** Prefix of push tokens, so a leaked one is recognisable in logs and by secret scanners. */
export const PUSH_TOKEN_PREFIX = 'qpt_';

/** A new push token: the prefix and 256 random bits. */
export function newPushToken(): string {
  return `${PUSH_TOKEN_PREFIX}${newSecret()}`;
}

/** The stored form of a push token. */
export function pushTokenHash(token: string): string {
  return sha256(token);
}

/** `GET /api/module/token/status`: whether the application has a token, since when, by whom (devs and admins). */
export async function getTokenStatus(c: Caller, moduleId: string): Promise<ModuleTokenStatus> {
  const module = await loadModule(c, moduleId, 'token');
  const row = await findModuleToken(c.db, module.id);
  return {
    moduleId: module.id,
    hasToken: row !== undefined,
    createdAt: row?.createdAt ?? '',
    creatorName: row?.creatorName ?? '',
    lastUsedAt: row?.lastUsedAt ?? '',
  };
}

/**
 * `GET /api/module/token/refresh`: a new token for the application, answered once; the previous one stops
 * working with the same write (one row per application). Audited.
 */
export async function refreshToken(c: Caller, moduleId: string): Promise<string> {
  const module = await loadModule(c, moduleId, 'token');
  const token = newPushToken();
  await c.db.transaction().execute(async (trx) => {
    await replaceModuleToken(trx, {
      moduleId: module.id,
      tokenHash: pushTokenHash(token),
      createdBy: c.actor.user.id,
      createdAt: nowIso(),
    });
    await recordAudit(trx, c.actor.user.id, 'module.tokenRefresh', { type: 'module', id: module.id });
  });
  return token;
}

export type { TokenModule } from './module-tokens.repository.ts';
// What other modules may use of this module's data (docs/architecture.md: modules meet through services).
export { findModuleByTokenHash } from './module-tokens.repository.ts';
