import type { Role } from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { listMembershipsOfUser } from '../modules/users/memberships.repository.ts';
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

/** Loads the caller's roles in live spaces and projects: one indexed query. */
export async function loadAccessContext(db: Db, actor: Actor): Promise<AccessContext> {
  const spaceRoles = new Map<string, Role>();
  const projectRoles = new Map<string, Role>();
  for (const row of await listMembershipsOfUser(db, actor.user.id)) {
    const role = asRole(row.role);
    if (role) (row.kind === 's' ? spaceRoles : projectRoles).set(row.targetId, role);
  }
  return { userId: actor.user.id, isSuperAdmin: actor.user.isSuperAdmin, spaceRoles, projectRoles };
}

// Keyed by request so the memberships are read once per request however many checks a handler makes.
const loaded = new WeakMap<FastifyRequest, Promise<AccessContext>>();

/** The caller of a logged-in route with their access context, loaded once per request. */
export async function callerOf(request: FastifyRequest, db: Db): Promise<Caller> {
  const actor = actorOf(request);
  let access = loaded.get(request);
  if (!access) {
    access = loadAccessContext(db, actor);
    loaded.set(request, access);
  }
  return { db, actor, access: await access };
}
