import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEnvironment,
  createModule,
  createOrgFixture,
  createProjectWithRoles,
  createSpaceWithRoles,
  type OrgFixture,
  PERSONAS,
  type Persona,
  uniqueName,
} from '../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

/**
 * The permission matrix of docs/permissions.md, through the HTTP API: every key action by every persona.
 * Allowed callers get code "0"; everyone else 403 `auth.forbidden`, and the anonymous caller 401 `1000`.
 */
const ALL_MEMBERS: Persona[] = [
  'superAdmin',
  'spaceAdmin',
  'spaceDev',
  'spaceGuest',
  'projectAdmin',
  'projectDev',
  'projectGuest',
];
const PRIVATE_READERS: Persona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev', 'projectGuest'];
const PROJECT_WRITERS: Persona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin', 'projectDev'];
const PROJECT_ADMINS: Persona[] = ['superAdmin', 'spaceAdmin', 'projectAdmin'];
const SPACE_CREATORS: Persona[] = ['superAdmin', 'spaceAdmin', 'spaceDev'];
const SPACE_ADMINS: Persona[] = ['superAdmin', 'spaceAdmin'];
const SUPER_ONLY: Persona[] = ['superAdmin'];

interface Ctx {
  t: TestApp;
  f: OrgFixture;
  token: string | undefined;
}

interface MatrixAction {
  name: string;
  allowed: Persona[];
  run(ctx: Ctx): Promise<LightMyRequestResponse>;
}

const get = ({ t, token }: Ctx, url: string) => t.get(url, { token });
const post = ({ t, token }: Ctx, url: string, body: unknown) => t.post(url, body, { token });

const ACTIONS: MatrixAction[] = [
  // Space scope.
  {
    name: 'read space info',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/space/info?spaceId=${c.f.spaceId}`),
  },
  {
    name: 'list space members',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/space/member/all?spaceId=${c.f.spaceId}`),
  },
  {
    name: 'page space members',
    allowed: ALL_MEMBERS,
    run: (c) => post(c, '/api/space/member/page', { spaceId: c.f.spaceId, pageSize: 5 }),
  },
  {
    name: 'list projects',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/project/list?spaceId=${c.f.spaceId}`),
  },
  {
    name: 'rename space',
    allowed: SPACE_ADMINS,
    run: (c) => post(c, '/api/space/update', { id: c.f.spaceId, name: uniqueName('space') }),
  },
  {
    name: "set the space's internal access",
    allowed: SUPER_ONLY,
    run: (c) => post(c, '/api/space/internal-access', { spaceId: c.f.spaceId, internalAccess: false }),
  },
  {
    name: 'add space member',
    allowed: SPACE_ADMINS,
    run: (c) =>
      post(c, '/api/space/member/add', {
        spaceId: c.f.spaceId,
        userIds: [c.f.spareUserId],
        roleCode: 'guest',
      }),
  },
  {
    name: 'change space role',
    allowed: SPACE_ADMINS,
    run: (c) =>
      post(c, '/api/space/member/updateRole', {
        spaceId: c.f.spaceId,
        userId: c.f.spareUserId,
        roleCode: 'guest',
      }),
  },
  {
    name: 'list open users',
    allowed: SPACE_ADMINS,
    run: (c) => get(c, `/api/space/openuser/list?spaceId=${c.f.spaceId}`),
  },
  {
    name: 'add open user',
    allowed: SPACE_ADMINS,
    run: (c) => post(c, '/api/space/openuser/add', { spaceId: c.f.spaceId }),
  },
  {
    name: 'delete space',
    allowed: SPACE_ADMINS,
    run: async (c) => post(c, '/api/space/delete', { id: await createSpaceWithRoles(c.t, c.f) }),
  },
  {
    name: 'create project',
    allowed: SPACE_CREATORS,
    run: (c) => post(c, '/api/project/add', { name: uniqueName('p'), spaceId: c.f.spaceId }),
  },
  // Reads of the private project: members only (space admins count).
  {
    name: 'read private project info',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/project/info?projectId=${c.f.privateProjectId}`),
  },
  {
    name: 'read private project space',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/project/space?projectId=${c.f.privateProjectId}`),
  },
  {
    name: 'list private project members',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/project/member/list?projectId=${c.f.privateProjectId}`),
  },
  {
    name: 'list private project applications',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/module/list?projectId=${c.f.privateProjectId}`),
  },
  {
    name: 'read private application',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/module/info?moduleId=${c.f.privateModuleId}`),
  },
  {
    name: 'list private environments',
    allowed: PRIVATE_READERS,
    run: (c) => get(c, `/api/module/environment/list?moduleId=${c.f.privateModuleId}`),
  },
  // Reads of the public project: every member of the space.
  {
    name: 'read public project info',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/project/info?projectId=${c.f.publicProjectId}`),
  },
  {
    name: 'list public environments',
    allowed: ALL_MEMBERS,
    run: (c) => get(c, `/api/module/environment/list?moduleId=${c.f.publicModuleId}`),
  },
  // Content edits: project devs and up.
  {
    name: 'create application (private)',
    allowed: PROJECT_WRITERS,
    run: (c) => post(c, '/api/module/add', { name: uniqueName('app'), projectId: c.f.privateProjectId }),
  },
  {
    name: 'create application (public)',
    allowed: PROJECT_WRITERS,
    run: (c) => post(c, '/api/module/add', { name: uniqueName('app'), projectId: c.f.publicProjectId }),
  },
  {
    name: 'rename application',
    allowed: PROJECT_WRITERS,
    run: (c) => post(c, '/api/module/update', { id: c.f.privateModuleId, name: uniqueName('app') }),
  },
  {
    name: 'read application settings',
    allowed: PROJECT_WRITERS,
    run: (c) => get(c, `/api/module/setting/get?moduleId=${c.f.privateModuleId}`),
  },
  {
    name: 'add environment',
    allowed: PROJECT_WRITERS,
    run: (c) =>
      post(c, '/api/module/environment/add', {
        moduleId: c.f.privateModuleId,
        name: uniqueName('env'),
        baseUrl: 'https://api.example.com',
      }),
  },
  {
    name: 'edit environment',
    allowed: PROJECT_WRITERS,
    run: (c) =>
      post(c, '/api/module/environment/update', {
        id: c.f.privateEnvId,
        name: uniqueName('env'),
        baseUrl: 'https://api.example.com',
        isPublic: false,
      }),
  },
  {
    name: 'delete environment',
    allowed: PROJECT_WRITERS,
    run: async (c) =>
      post(c, '/api/module/environment/delete', {
        id: await createEnvironment(c.t, c.f.rootToken, c.f.privateModuleId),
      }),
  },
  {
    name: 'copy environment',
    allowed: PROJECT_WRITERS,
    run: (c) =>
      post(c, '/api/module/environment/copy', { fromEnvId: c.f.privateEnvId, name: uniqueName('env') }),
  },
  {
    name: 'import environments from the public project',
    allowed: PROJECT_WRITERS,
    run: async (c) => {
      const from = await createModule(c.t, c.f.rootToken, c.f.publicProjectId);
      const env = await createEnvironment(c.t, c.f.rootToken, from);
      return post(c, '/api/module/environment/import', {
        moduleId: c.f.privateModuleId,
        fromModuleId: from,
        ids: [env],
      });
    },
  },
  // Settings, members and deletions: project admins.
  {
    name: 'update application settings',
    allowed: PROJECT_ADMINS,
    run: (c) => post(c, '/api/module/setting/update', { moduleId: c.f.privateModuleId, pushOverride: true }),
  },
  {
    name: 'edit project',
    allowed: PROJECT_ADMINS,
    run: (c) =>
      post(c, '/api/project/update', { id: c.f.privateProjectId, name: uniqueName('p'), isPrivate: true }),
  },
  {
    name: 'add project member',
    allowed: PROJECT_ADMINS,
    run: (c) =>
      post(c, '/api/project/member/add', {
        projectId: c.f.privateProjectId,
        userIds: [c.f.spareUserId],
        roleCode: 'guest',
      }),
  },
  {
    name: 'change project role',
    allowed: PROJECT_ADMINS,
    run: (c) =>
      post(c, '/api/project/member/updateRole', {
        projectId: c.f.privateProjectId,
        userId: c.f.spareUserId,
        roleCode: 'guest',
      }),
  },
  {
    name: 'delete application',
    allowed: PROJECT_ADMINS,
    run: async (c) =>
      post(c, '/api/module/delete', { id: await createModule(c.t, c.f.rootToken, c.f.privateProjectId) }),
  },
  {
    name: 'delete project',
    allowed: PROJECT_ADMINS,
    run: async (c) =>
      post(c, '/api/project/delete', {
        id: await createProjectWithRoles(c.t, c.f.rootToken, c.f.spaceId, c.f.userIds, true),
      }),
  },
  // The admin console.
  { name: 'page users', allowed: SUPER_ONLY, run: (c) => post(c, '/api/admin/user/page', {}) },
  { name: 'read admin settings', allowed: SUPER_ONLY, run: (c) => get(c, '/api/admin/setting/get') },
  { name: 'list trash', allowed: SUPER_ONLY, run: (c) => get(c, '/api/admin/trash/list') },
  { name: 'page audit log', allowed: SUPER_ONLY, run: (c) => post(c, '/api/admin/audit/page', {}) },
];

const CASES = ACTIONS.flatMap((action) =>
  PERSONAS.map((persona) => ({ action, persona, allowed: action.allowed.includes(persona) })),
);

describe.each(testDialects())('permission matrix through the API on %s', (dialect) => {
  let t: TestApp;
  let f: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await createOrgFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(CASES)('$action.name by $persona (allowed: $allowed)', async ({ action, persona, allowed }) => {
    const response = await action.run({ t, f, token: f.tokens[persona] });
    const body = envelopeOf(response);
    if (persona === 'anonymous') {
      expect([response.statusCode, body.code]).toEqual([401, '1000']);
    } else if (allowed) {
      expect([response.statusCode, body.code], response.body).toEqual([200, '0']);
    } else {
      expect([response.statusCode, body.code], response.body).toEqual([403, 'auth.forbidden']);
    }
  });

  it('answers each persona its effective roles in /api/user/perm/get', async () => {
    const roles = async (persona: Persona) =>
      envelopeOf<{ roleData: Record<string, string> }>(
        await t.get('/api/user/perm/get', { token: f.tokens[persona] }),
      ).data.roleData;
    const p = `project:${f.privateProjectId}`;
    const q = `project:${f.publicProjectId}`;
    const s = `space:${f.spaceId}`;
    expect(await roles('spaceAdmin')).toMatchObject({ [s]: 'admin', [p]: 'admin', [q]: 'admin' });
    const spaceGuest = await roles('spaceGuest');
    expect(spaceGuest).toMatchObject({ [s]: 'guest', [q]: 'guest' });
    expect(spaceGuest).not.toHaveProperty(p);
    expect(await roles('spaceDev')).toMatchObject({ [s]: 'dev', [q]: 'guest' });
    expect(await roles('projectDev')).toMatchObject({ [s]: 'guest', [p]: 'dev', [q]: 'dev' });
    expect(await roles('projectGuest')).toMatchObject({ [p]: 'guest', [q]: 'guest' });
    expect(await roles('nonMember')).toEqual({});
  });
});
