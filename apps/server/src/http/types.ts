import type { Access, UserStatus } from '@quire/shared';
import type { AccessContext } from '../policies/access-context.ts';

/** Who a route lets in: anyone, anyone (with the actor when a token is sent), a token even with status 2, an active user, a super admin. */
export type AuthLevel = Access;

/** What a personal access token allows (http/authenticate.ts): its owner's rights, cut down. */
export interface TokenScope {
  /** The token's row id (`personal_tokens.id`). */
  id: string;
  /** Every write call is refused (see `admit` in http/authenticate.ts and policies/roles.ts). */
  readOnly: boolean;
  /** The projects it is limited to, or null for every project its owner may read. */
  projectIds: ReadonlyArray<string> | null;
  /** Whether the owner is a super admin (`user.isSuperAdmin` is false for a project-limited token). */
  ownerIsSuperAdmin: boolean;
}

/** The authenticated caller, loaded once per request. */
export interface Actor {
  /** The login session's id; empty for a caller authenticated by a personal token. */
  sessionId: string;
  /** Set when the caller sent a personal access token instead of a login token. */
  token?: TokenScope;
  user: {
    id: string;
    username: string;
    nickname: string;
    status: UserStatus;
    isSuperAdmin: boolean;
    lang: string | null;
    source: string;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null when no valid token came with the request. */
    actor: Actor | null;
    /** The language answers are written in. */
    lang: string;
    /**
     * The caller's access, once read (see http/access.ts): a property rather than a WeakMap keyed by
     * request, since weak tables of short-lived keys cost the garbage collector on every request.
     */
    accessContext: AccessContext | Promise<AccessContext> | null;
  }
  interface FastifyContextConfig {
    /** Default-deny: a route that does not say otherwise needs an active user. */
    auth?: AuthLevel;
  }
}
