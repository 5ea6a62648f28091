import { type ProjectAbility, ROLES, type Role, type SpaceAbility } from '@quire/shared';

/**
 * What each role may do. Space roles decide the space itself (members, open users, creating projects);
 * project roles decide everything inside a project. `docs/permissions.md` is the same matrix in prose:
 * change both together.
 */
const SPACE_GUEST: ReadonlyArray<SpaceAbility> = ['space.read', 'space.member.read'];
const SPACE_DEV: ReadonlyArray<SpaceAbility> = [...SPACE_GUEST, 'space.project.create'];
const SPACE_ADMIN: ReadonlyArray<SpaceAbility> = [
  ...SPACE_DEV,
  'space.update',
  'space.delete',
  'space.member.manage',
  'space.openUser.manage',
];

const PROJECT_GUEST: ReadonlyArray<ProjectAbility> = [
  'project.read',
  'project.member.read',
  'doc.read',
  'environment.read',
];
// Devs edit content: docs, dictionaries, environments, shares, mocks, constants, and create/rename applications.
const PROJECT_DEV: ReadonlyArray<ProjectAbility> = [
  ...PROJECT_GUEST,
  'module.create',
  'module.update',
  'module.setting.read',
  // Push tokens: the developers who set up builds create and refresh them.
  'module.token',
  'environment.write',
  'doc.write',
  'enum.write',
  'share.manage',
  'mock.write',
  'constant.manage',
];
// Admins manage members, settings and tokens, and delete.
const PROJECT_ADMIN: ReadonlyArray<ProjectAbility> = [
  ...PROJECT_DEV,
  'project.update',
  'project.delete',
  'project.member.manage',
  'module.delete',
  'module.setting.update',
  'enum.delete',
];

/**
 * What a read-only personal access token keeps of its owner's abilities, and what a project-limited token
 * keeps in a space (it reads the space of its projects, never manages it): reads only.
 */
export const READ_PROJECT_ABILITIES: ReadonlySet<ProjectAbility> = new Set<ProjectAbility>([
  ...PROJECT_GUEST,
  'module.setting.read',
]);
export const READ_SPACE_ABILITIES: ReadonlySet<SpaceAbility> = new Set(SPACE_GUEST);

/** Abilities of each space role. */
export const SPACE_ROLE_ABILITIES: Readonly<Record<Role, ReadonlySet<SpaceAbility>>> = {
  guest: new Set(SPACE_GUEST),
  dev: new Set(SPACE_DEV),
  admin: new Set(SPACE_ADMIN),
};

/** Abilities of each project role. */
export const PROJECT_ROLE_ABILITIES: Readonly<Record<Role, ReadonlySet<ProjectAbility>>> = {
  guest: new Set(PROJECT_GUEST),
  dev: new Set(PROJECT_DEV),
  admin: new Set(PROJECT_ADMIN),
};

/**
 * The abilities of each role as lists, for answers that send them: built once and shared by every answer,
 * so nothing may change them (typed as plain arrays because the answer schemas are).
 */
export const SPACE_ROLE_ABILITY_LIST: Readonly<Record<Role, SpaceAbility[]>> = {
  guest: [...SPACE_GUEST],
  dev: [...SPACE_DEV],
  admin: [...SPACE_ADMIN],
};
export const PROJECT_ROLE_ABILITY_LIST: Readonly<Record<Role, ProjectAbility[]>> = {
  guest: [...PROJECT_GUEST],
  dev: [...PROJECT_DEV],
  admin: [...PROJECT_ADMIN],
};

/** Reads a role stored as text; anything unknown counts as no role, never as a stronger one. */
export function asRole(value: string): Role | undefined {
  return (ROLES as ReadonlyArray<string>).includes(value) ? (value as Role) : undefined;
}
