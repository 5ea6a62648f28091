import type { Role } from '@quire/shared';

/**
 * Who the caller is for authorization: loaded once per request (the caller's memberships), then read by the
 * pure policy functions. Only live spaces and projects appear in the maps.
 */
export interface AccessContext {
  userId: string;
  isSuperAdmin: boolean;
  /** Role per space id. */
  spaceRoles: ReadonlyMap<string, Role>;
  /** Explicit project role per project id (project_members rows). */
  projectRoles: ReadonlyMap<string, Role>;
  /**
   * Set for a caller that sent a personal access token: its owner's roles cut down. `readOnly` keeps only the
   * read abilities (policies/roles.ts); `projectIds` hides every other project (http/access.ts builds the
   * roles of such a token from those projects only).
   */
  scope?: AccessScope;
}

/** How a personal access token cuts down its owner's roles. */
export interface AccessScope {
  readOnly: boolean;
  projectIds: ReadonlySet<string> | null;
}

/** A copy of a context with one more space role; used right after the caller created or joined a space. */
export function withSpaceRole(ctx: AccessContext, spaceId: string, role: Role): AccessContext {
  return { ...ctx, spaceRoles: new Map([...ctx.spaceRoles, [spaceId, role]]) };
}

/** A copy of a context with one more project role. */
export function withProjectRole(ctx: AccessContext, projectId: string, role: Role): AccessContext {
  return { ...ctx, projectRoles: new Map([...ctx.projectRoles, [projectId, role]]) };
}
