import type { Role } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { listMembershipsOfUser, type MembershipRow } from '../db/memberships.repository.ts';
import { listLiveProjectSpaces } from '../db/personal-tokens.repository.ts';
import type { AccessContext } from '../policies/access-context.ts';
import { asRole } from '../policies/roles.ts';
import { actorOf } from './reply.ts';
import type { Actor } from './types.ts';

/** What a service of the organisation features receives first: the database, the caller and their access. */
export interface Caller {
  db: Db;
  actor: Actor;
  access: AccessContext;
}

function accessOf(actor: Actor, memberships: ReadonlyArray<MembershipRow>): AccessContext {
  const spaceRoles = new Map<string, Role>();
  const projectRoles = new Map<string, Role>();
  for (const row of memberships) {
    const role = asRole(row.role);
    if (role) (row.kind === 's' ? spaceRoles : projectRoles).set(row.targetId, role);
  }
  return { userId: actor.user.id, isSuperAdmin: actor.user.isSuperAdmin, spaceRoles, projectRoles };
}

/** Loads the caller's roles in live spaces and projects: one indexed query (two for a project-limited token). */
export async function loadAccessContext(db: Db, actor: Actor): Promise<AccessContext> {
  const access = accessOf(actor, await listMembershipsOfUser(db, actor.user.id));
  const token = actor.token;
  if (!token) return access;
  if (!token.projectIds) return { ...access, scope: { readOnly: token.readOnly, projectIds: null } };
  // A project-limited token keeps its owner's roles in those projects and their spaces only: every listing
  // (spaces, projects, search) then shows nothing else, and no super-admin shortcut applies. A super admin's
  // limited token is admin of the spaces of its projects, cut to those projects by `scope`.
  const projects = await listLiveProjectSpaces(db, token.projectIds);
  const projectIds = new Set(projects.map((p) => p.id));
  const spaceRoles = new Map<string, Role>();
  for (const { spaceId } of projects) {
    const role = token.ownerIsSuperAdmin ? 'admin' : access.spaceRoles.get(spaceId);
    if (role) spaceRoles.set(spaceId, role);
  }
  const projectRoles = new Map([...access.projectRoles].filter(([id]) => projectIds.has(id)));
  return {
    userId: access.userId,
    isSuperAdmin: false,
    spaceRoles,
    projectRoles,
    scope: { readOnly: token.readOnly, projectIds },
  };
}

/**
 * Records the caller's access from memberships read along with the session (see `resolveActor`): nearly
 * every logged-in route checks access, and reading both in one statement costs less than two.
 */
export function primeAccess(
  request: FastifyRequest,
  actor: Actor,
  memberships: ReadonlyArray<MembershipRow>,
): void {
  request.accessContext = accessOf(actor, memberships);
}

/** The caller of a logged-in route with their access context, loaded once per request. */
export async function callerOf(request: FastifyRequest, db: Db): Promise<Caller> {
  return callerNow(request, db) ?? { db, actor: actorOf(request), access: await accessPromise(request, db) };
}

/** `callerOf` without waiting, when the access context is already loaded; `undefined` otherwise. */
export function callerNow(request: FastifyRequest, db: Db): Caller | undefined {
  const access = request.accessContext;
  if (!access || access instanceof Promise) return undefined;
  return { db, actor: actorOf(request), access };
}

function accessPromise(request: FastifyRequest, db: Db): Promise<AccessContext> {
  // Read once per request however many checks a handler makes.
  const known = request.accessContext;
  if (known) return Promise.resolve(known);
  const access = loadAccessContext(db, actorOf(request));
  request.accessContext = access;
  return access;
}
