import type { LightMyRequestResponse } from 'fastify';
import { envelopeOf, type TestApp } from './test-app.ts';

/** The callers of the permission matrix. */
export const PERSONAS = [
  'superAdmin',
  'spaceAdmin',
  'spaceDev',
  'spaceGuest',
  'projectAdmin',
  'projectDev',
  'projectGuest',
  'nonMember',
  'anonymous',
] as const;
export type Persona = (typeof PERSONAS)[number];

/**
 * A space where each persona holds its role: space admin/dev/guest by space role; project admin/dev/guest are
 * space guests with that role in the private project; the non-member has an account but no membership.
 * The superAdmin persona belongs to nothing: it passes on its flag alone. `root`, another super admin, built it.
 */
export interface OrgFixture {
  /** The super admin that built the fixture (a member of everything it created). */
  rootToken: string;
  tokens: Record<Persona, string | undefined>;
  userIds: Record<Exclude<Persona, 'anonymous'>, string>;
  /** A space guest used as the subject of member changes, so personas keep their roles. */
  spareUserId: string;
  spaceId: string;
  privateProjectId: string;
  publicProjectId: string;
  privateModuleId: string;
  publicModuleId: string;
  privateEnvId: string;
  publicEnvId: string;
}

let counter = 0;

/** A name no other call of this run used. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Calls the API and answers `data`, failing the test with the body when the call did not succeed. */
export async function expectOk<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await response;
  const body = envelopeOf<T>(answer);
  if (body.code !== '0') throw new Error(`expected success, got ${answer.statusCode}: ${answer.body}`);
  return body.data;
}

/** Creates users and a space with every persona's role, through the HTTP API as a super admin. */
export async function createOrgFixture(t: TestApp): Promise<OrgFixture> {
  const prefix = uniqueName('u');
  const ids = {} as Record<Exclude<Persona, 'anonymous'>, string>;
  const tokens = { anonymous: undefined } as Record<Persona, string | undefined>;
  for (const persona of PERSONAS) {
    if (persona === 'anonymous') continue;
    const username = `${prefix}-${persona}`;
    ids[persona] = await t.createUser({ username, isSuperAdmin: persona === 'superAdmin' });
    tokens[persona] = await t.login(username);
  }
  const spareUserId = await t.createUser({ username: `${prefix}-spare` });
  await t.createUser({ username: `${prefix}-root`, isSuperAdmin: true });
  const root = await t.login(`${prefix}-root`);
  const space = await expectOk<{ id: string }>(
    t.post('/api/space/add', { name: uniqueName('space'), adminIds: [ids.spaceAdmin] }, { token: root }),
  );
  const addToSpace = (userIds: string[], roleCode: string) =>
    expectOk(t.post('/api/space/member/add', { spaceId: space.id, userIds, roleCode }, { token: root }));
  await addToSpace([ids.spaceDev], 'dev');
  await addToSpace(
    [ids.spaceGuest, ids.projectAdmin, ids.projectDev, ids.projectGuest, spareUserId],
    'guest',
  );

  const privateProjectId = await createProjectWithRoles(t, root, space.id, ids, true);
  const publicProjectId = await createProjectWithRoles(t, root, space.id, ids, false);
  await expectOk(
    t.post(
      '/api/project/member/add',
      { projectId: privateProjectId, userIds: [spareUserId], roleCode: 'guest' },
      { token: root },
    ),
  );
  const privateModuleId = await createModule(t, root, privateProjectId);
  const publicModuleId = await createModule(t, root, publicProjectId);
  return {
    rootToken: root,
    tokens,
    userIds: ids,
    spareUserId,
    spaceId: space.id,
    privateProjectId,
    publicProjectId,
    privateModuleId,
    publicModuleId,
    privateEnvId: await createEnvironment(t, root, privateModuleId),
    publicEnvId: await createEnvironment(t, root, publicModuleId),
  };
}

/** A project of the fixture's space where projectAdmin/Dev/Guest hold their roles. */
export async function createProjectWithRoles(
  t: TestApp,
  root: string,
  spaceId: string,
  ids: Record<Exclude<Persona, 'anonymous'>, string>,
  isPrivate: boolean,
): Promise<string> {
  const project = await expectOk<{ id: string }>(
    t.post(
      '/api/project/add',
      { name: uniqueName('project'), spaceId, isPrivate, adminIds: [ids.projectAdmin] },
      { token: root },
    ),
  );
  for (const [userId, roleCode] of [
    [ids.projectDev, 'dev'],
    [ids.projectGuest, 'guest'],
  ] as const) {
    await expectOk(
      t.post(
        '/api/project/member/add',
        { projectId: project.id, userIds: [userId], roleCode },
        { token: root },
      ),
    );
  }
  return project.id;
}

/** A new application in a project. */
export async function createModule(
  t: TestApp,
  token: string | undefined,
  projectId: string,
): Promise<string> {
  const module = await expectOk<{ id: string }>(
    t.post('/api/module/add', { name: uniqueName('app'), projectId }, { token }),
  );
  return module.id;
}

/** A new environment in an application. */
export async function createEnvironment(
  t: TestApp,
  token: string | undefined,
  moduleId: string,
): Promise<string> {
  const env = await expectOk<{ id: string }>(
    t.post(
      '/api/module/environment/add',
      { moduleId, name: uniqueName('env'), baseUrl: 'http://127.0.0.1:8080/api/' },
      { token },
    ),
  );
  return env.id;
}

/** A new space where the space personas hold their space roles (the project personas are space guests). */
export async function createSpaceWithRoles(t: TestApp, f: OrgFixture): Promise<string> {
  const ids = f.userIds;
  const space = await expectOk<{ id: string }>(
    t.post(
      '/api/space/add',
      { name: uniqueName('space'), adminIds: [ids.spaceAdmin] },
      { token: f.rootToken },
    ),
  );
  const add = (userIds: string[], roleCode: string) =>
    expectOk(
      t.post('/api/space/member/add', { spaceId: space.id, userIds, roleCode }, { token: f.rootToken }),
    );
  await add([ids.spaceDev], 'dev');
  await add([ids.spaceGuest, ids.projectAdmin, ids.projectDev, ids.projectGuest], 'guest');
  return space.id;
}

/** Asserts a failed call's status and code, answering its message. */
export async function expectError(
  response: Promise<LightMyRequestResponse>,
  status: number,
  code: string,
): Promise<string> {
  const answer = await response;
  const body = envelopeOf(answer);
  if (answer.statusCode !== status || body.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${answer.statusCode}: ${answer.body}`);
  }
  return body.msg;
}

/** Logs in a new user (optionally a super admin) and answers their id and token. */
export async function newUser(
  t: TestApp,
  options: { isSuperAdmin?: boolean; prefix?: string } = {},
): Promise<{ id: string; token: string; username: string }> {
  const username = uniqueName(options.prefix ?? 'user');
  const id = await t.createUser({ username, isSuperAdmin: options.isSuperAdmin ?? false });
  return { id, token: await t.login(username), username };
}

/**
 * Grants a space internal access as a fresh super admin: tests that reach a listener on loopback (allowed by
 * QUIRE_FETCH_ALLOW_HOSTS) need it, as a real install does (modules/spaces/internal-access.service.ts).
 */
export async function grantInternalAccess(t: TestApp, spaceId: string): Promise<void> {
  const admin = await newUser(t, { isSuperAdmin: true, prefix: 'root' });
  await expectOk(
    t.post('/api/space/internal-access', { spaceId, internalAccess: true }, { token: admin.token }),
  );
}
