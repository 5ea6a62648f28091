import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { type AllowRule, parseAllowRule } from '../../lib/address-policy.ts';
import { nowIso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findInternalAccess,
  findLiveSpace,
  type SpaceRow,
  type SpaceScope,
  updateSpace,
} from './spaces.repository.ts';

/**
 * Internal access, per space. `QUIRE_FETCH_ALLOW_HOSTS` names the internal hosts an outbound call may reach,
 * but registration is open: without this gate any stranger could create a space, point an environment, an
 * import or a webhook at an internal host and read it. So the variable's hosts apply only to calls tied to a
 * space a super admin has granted internal access; anywhere else the guard sees an empty allow rule, exactly
 * as if the variable were unset (public addresses only, metadata never).
 */

const NO_INTERNAL_HOSTS: AllowRule = parseAllowRule('');

/**
 * The allow rule of an outbound call tied to `scopes` (every space involved must have internal access: a
 * composed project's gateway counts its own space and the doc's).
 */
export async function outboundRule(db: Db, allowHosts: string, ...scopes: SpaceScope[]): Promise<AllowRule> {
  if (!allowHosts.trim() || scopes.length === 0) return NO_INTERNAL_HOSTS;
  for (const scope of scopes) if (!(await findInternalAccess(db, scope))) return NO_INTERNAL_HOSTS;
  return parseAllowRule(allowHosts);
}

/** Grants or withdraws a space's internal access: super admins only, recorded in the audit log. */
export async function setInternalAccess(c: Caller, spaceId: string, enabled: boolean): Promise<SpaceRow> {
  if (!c.access.isSuperAdmin) throw new AppError('space.internal_access_super_admin');
  const space = await findLiveSpace(c.db, spaceId);
  if (!space) throw new AppError('space.not_found');
  if ((space.internalAccess === 1) !== enabled)
    await c.db.transaction().execute(async (trx) => {
      await updateSpace(trx, space.id, { internalAccess: enabled ? 1 : 0, updatedAt: nowIso() });
      await recordAudit(
        trx,
        c.actor.user.id,
        'space.internalAccess',
        { type: 'space', id: space.id },
        { name: space.name, enabled },
      );
    });
  return { ...space, internalAccess: enabled ? 1 : 0 };
}

export type { SpaceScope } from './spaces.repository.ts';
