import type { Access, UserStatus } from '@quire/shared';
import type { AccessContext } from '../policies/access-context.ts';

/** Who a route lets in: anyone, anyone (with the actor when a token is sent), a token even with status 2, an active user, a super admin. */
export type AuthLevel = Access;

/** The authenticated caller, loaded once per request. */
export interface Actor {
  sessionId: string;
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
