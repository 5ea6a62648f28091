import type { Role } from '@quire/shared';
import type { AccessContext } from '../src/policies/access-context.ts';
import type { ProjectRef } from '../src/policies/project.policy.ts';

/** The logged-in personas of the matrix; the anonymous caller never reaches a policy (authentication refuses it). */
export type PolicyPersona =
  | 'superAdmin'
  | 'spaceAdmin'
  | 'spaceDev'
  | 'spaceGuest'
  | 'projectAdmin'
  | 'projectDev'
  | 'projectGuest'
  | 'nonMember';

export const SPACE_ID = 'space-1';
/** A private and a public project of SPACE_ID. */
export const PRIVATE: ProjectRef = { id: 'project-private', spaceId: SPACE_ID, isPrivate: true };
export const PUBLIC: ProjectRef = { id: 'project-public', spaceId: SPACE_ID, isPrivate: false };

function context(spaceRole: Role | null, projectRole: Role | null, isSuperAdmin = false): AccessContext {
  return {
    userId: 'u',
    isSuperAdmin,
    spaceRoles: new Map(spaceRole ? [[SPACE_ID, spaceRole]] : []),
    projectRoles: new Map(
      projectRole
        ? [
            [PRIVATE.id, projectRole],
            [PUBLIC.id, projectRole],
          ]
        : [],
    ),
  };
}

/** Each persona's context: project personas are space guests with that role in both projects. */
export const CONTEXTS: Record<PolicyPersona, AccessContext> = {
  superAdmin: context(null, null, true),
  spaceAdmin: context('admin', null),
  spaceDev: context('dev', null),
  spaceGuest: context('guest', null),
  projectAdmin: context('guest', 'admin'),
  projectDev: context('guest', 'dev'),
  projectGuest: context('guest', 'guest'),
  nonMember: context(null, null),
};

export const POLICY_PERSONAS = Object.keys(CONTEXTS) as PolicyPersona[];

/** Expands `{action: allowedPersonas}` into one row per action and persona. */
export function table<A extends string>(
  allowed: Record<A, ReadonlyArray<PolicyPersona>>,
): Array<{ action: A; persona: PolicyPersona; expected: boolean }> {
  return (Object.keys(allowed) as A[]).flatMap((action) =>
    POLICY_PERSONAS.map((persona) => ({ action, persona, expected: allowed[action].includes(persona) })),
  );
}
