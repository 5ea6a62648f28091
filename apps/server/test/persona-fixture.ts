import { createSession } from '../src/modules/auth/auth.service.ts';
import { expectOk, uniqueName } from './org-fixture.ts';
import type { TestApp } from './test-app.ts';

/**
 * The callers of the route × persona test (`policies/route-personas.routes.test.ts`), in the order they call:
 * least privileged first, so a call one of them may make (a deletion) never runs before one that must be
 * refused. Their rights are written in docs/permissions.md ("Every call").
 */
export const CALLERS = [
  'anonymous',
  'publicVisitor',
  'lockedVisitor',
  'unlockedVisitor',
  'otherGuest',
  'otherDev',
  'otherAdmin',
  'guest',
  'dev',
  'admin',
  'superAdmin',
  // Personal access tokens (docs/mcp.md): a read-only one of the project's admin, limited to the project, and a
  // read-write one of the super admin, which never reaches the admin console or changes credentials.
  'adminReadToken',
  'superAdminToken',
] as const;
export type Caller = (typeof CALLERS)[number];

/** What each caller sends besides the call itself. */
export interface CallerCredentials {
  token?: string;
  /** The share (or composed project) whose visitor the caller is, and its session when it has one. */
  shareHeaders: Record<string, string>;
}

/**
 * A world holding one of everything a call can name. The project `projectId` is private; guest, dev and admin
 * hold those roles in it (as space guests of `spaceId`); otherGuest/Dev/Admin hold them in a project of another
 * space; superAdmin belongs to nothing. The composed space `composeSpaceId` has guest, dev and admin as its
 * guest, dev and admin. `publicShareId` and `publicComposeId` are public; `lockedShareId` and
 * `lockedComposeId` have passwords, and only unlockedVisitor holds their sessions.
 */
export interface PersonaWorld {
  callers: Record<Caller, CallerCredentials>;
  userIds: Record<'guest' | 'dev' | 'admin' | 'otherAdmin' | 'superAdmin', string>;
  /** Member of the space and a guest of the project: the subject of member changes. */
  spareUserId: string;
  /** Member of the space only. */
  spare2UserId: string;
  /** The spare user's account name (its password is the test password). */
  spareUsername: string;
  /** An import job the project's admin started. */
  jobId: string;
  /** The application's push token. */
  pushToken: string;
  /** A personal token of the project's admin, for the revoke call. */
  adminTokenId: string;
  /** A code template every doc reader may use. */
  templateId: string;
  /** A page of the locked composed project. */
  lockedComposePageId: string;
  /** A release of the project (all its docs, frozen). */
  releaseId: string;
  spaceId: string;
  projectId: string;
  otherProjectId: string;
  moduleId: string;
  otherModuleId: string;
  environmentId: string;
  docId: string;
  folderId: string;
  enumId: string;
  enumItemId: string;
  mockId: string;
  scriptId: string;
  webhookId: string;
  openUserId: string;
  publicShareId: string;
  lockedShareId: string;
  lockedSharePassword: string;
  composeSpaceId: string;
  publicComposeId: string;
  lockedComposeId: string;
  lockedComposePassword: string;
  composeFolderId: string;
  composePageId: string;
}

const ip = { ip: '127.0.0.1', userAgent: 'persona-test' };

export async function createPersonaWorld(t: TestApp): Promise<PersonaWorld> {
  const prefix = uniqueName('p');
  const user = (name: string, isSuperAdmin = false) =>
    t.createUser({ username: `${prefix}-${name}`, isSuperAdmin });
  const session = (userId: string) => createSession({ db: t.db, tokenTtlDays: 1 }, userId, ip);
  const ids = {
    guest: await user('guest'),
    dev: await user('dev'),
    admin: await user('admin'),
    otherGuest: await user('otherGuest'),
    otherDev: await user('otherDev'),
    otherAdmin: await user('otherAdmin'),
    superAdmin: await user('superAdmin', true),
  };
  const spareUserId = await user('spare');
  const spare2UserId = await user('spare2');
  const root = await session(await user('root', true));
  const post = <T>(url: string, body: Record<string, unknown>) =>
    expectOk<T>(t.post(url, body, { token: root }));
  const id = async (url: string, body: Record<string, unknown>) => (await post<{ id: string }>(url, body)).id;

  // The project, its roles, and one of everything inside it.
  const spaceId = await id('/api/space/add', { name: uniqueName('space') });
  await post('/api/space/member/add', {
    spaceId,
    userIds: [ids.guest, ids.dev, ids.admin, spareUserId, spare2UserId],
    roleCode: 'guest',
  });
  const projectWithRoles = async (space: string, roles: Record<'guest' | 'dev' | 'admin', string>) => {
    const projectId = await id('/api/project/add', {
      name: uniqueName('project'),
      spaceId: space,
      isPrivate: true,
    });
    for (const role of ['guest', 'dev', 'admin'] as const)
      await post('/api/project/member/add', { projectId, userIds: [roles[role]], roleCode: role });
    return projectId;
  };
  // The debug proxy may then reach the environment on loopback (an unused port), so its calls reach the policy.
  await post('/api/space/internal-access', { spaceId, internalAccess: true });
  const projectId = await projectWithRoles(spaceId, ids);
  await post('/api/project/member/add', { projectId, userIds: [spareUserId], roleCode: 'guest' });
  const moduleId = await id('/api/module/add', { name: uniqueName('app'), projectId });
  const environmentId = await id('/api/module/environment/add', {
    moduleId,
    name: 'test',
    baseUrl: 'http://127.0.0.1:9/api',
    isPublic: true,
  });
  const folderId = await id('/api/doc/folder/add', { name: 'Orders', moduleId });
  const docId = await id('/api/doc/save', {
    moduleId,
    parentId: folderId,
    name: 'getOrder',
    url: '/orders/{id}',
    httpMethod: 'GET',
  });
  const enumId = await id('/api/doc/enum/info/add', { moduleId, name: 'Status' });
  const enumItemId = await id('/api/doc/enum/item/add', {
    enumId,
    name: 'OPEN',
    type: 'string',
    value: 'open',
  });
  const mockId = await id('/api/doc/mock/save', { docId, name: 'ok', path: `orders-${prefix}` });
  const scriptId = await id('/api/doc/debugscript/add', {
    docId,
    name: 'sign',
    type: 0,
    scope: 0,
    content: '',
  });
  const webhookId = await id('/api/module/webhook/add', {
    moduleId,
    url: 'https://hooks.example.com/quire',
    kind: 'generic',
    events: ['doc.update'],
  });
  const openUserId = await id('/api/space/openuser/add', { spaceId, applicant: 'partner' });
  const releaseId = await id('/api/project/release/add', { projectId, releaseNo: '1.0.0' });
  const pushToken = await expectOk<string>(
    t.get(`/api/module/token/refresh?moduleId=${moduleId}`, { token: root }),
  );
  const jobId = (
    await expectOk<{ jobId: string }>(
      t.post(
        '/api/module/import/swagger',
        {
          projectId,
          content: JSON.stringify({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: {} }),
        },
        { token: await session(ids.admin) },
      ),
    )
  ).jobId;
  const share = (type: number) =>
    post<{ id: string; password: string }>('/api/doc/share/add', {
      moduleId,
      type,
      isAll: true,
      isShowDebug: true,
    });
  const publicShare = await share(1);
  const lockedShare = await share(2);

  // The other project, in another space.
  const otherSpaceId = await id('/api/space/add', { name: uniqueName('space') });
  await post('/api/space/member/add', {
    spaceId: otherSpaceId,
    userIds: [ids.otherGuest, ids.otherDev, ids.otherAdmin],
    roleCode: 'guest',
  });
  const otherProjectId = await projectWithRoles(otherSpaceId, {
    guest: ids.otherGuest,
    dev: ids.otherDev,
    admin: ids.otherAdmin,
  });
  const otherModuleId = await id('/api/module/add', { name: uniqueName('app'), projectId: otherProjectId });

  // The composed space and its portals.
  const composeSpaceId = await id('/api/space/add', { name: uniqueName('portal'), isCompose: true });
  for (const role of ['guest', 'dev', 'admin'] as const)
    await post('/api/space/member/add', { spaceId: composeSpaceId, userIds: [ids[role]], roleCode: role });
  const portal = async (type: number) => {
    const project = await post<{ id: string; password: string }>('/api/compose/project/add', {
      spaceId: composeSpaceId,
      name: uniqueName('portal'),
      type,
    });
    await post('/api/compose/project/setting/save', { id: project.id, showDebug: true });
    return project;
  };
  const publicCompose = await portal(1);
  const lockedCompose = await portal(2);
  const composeFolderId = await id('/api/compose/doc/folder/add', {
    projectId: publicCompose.id,
    name: 'Orders',
  });
  await post('/api/compose/doc/add', {
    projectId: publicCompose.id,
    parentId: composeFolderId,
    docList: [{ docId }],
  });
  await post('/api/compose/doc/add', { projectId: lockedCompose.id, docList: [{ docId }] });
  const composePageId = await id('/api/compose/additional/add', {
    projectId: publicCompose.id,
    title: 'Welcome',
    content: 'Hello',
  });
  const lockedComposePageId = await id('/api/compose/additional/add', {
    projectId: lockedCompose.id,
    title: 'Welcome',
    content: 'Hello',
  });
  const adminTokenId = (
    await expectOk<{ id: string }>(
      t.post('/api/user/token/add', { name: 'spare', scope: 'read' }, { token: await session(ids.admin) }),
    )
  ).id;
  const groups = await expectOk<Array<{ templates: Array<{ id: string }> }>>(
    t.get('/api/doc/gen/template/tree', { token: root }),
  );
  const templateId = groups.flatMap((g) => g.templates)[0]?.id ?? '';

  const unlock = async (url: string, body: { id: string; password: string }) =>
    (await expectOk<{ token: string }>(t.post(url, body))).token;
  const shareSession = await unlock('/api/share/checkPassword', {
    id: lockedShare.id,
    password: lockedShare.password,
  });
  const composeSession = await unlock('/api/compose/project/checkPassword', {
    id: lockedCompose.id,
    password: lockedCompose.password,
  });
  const member = async (userId: string): Promise<CallerCredentials> => ({
    token: await session(userId),
    shareHeaders: {},
  });
  const personalToken = async (
    userId: string,
    body: Record<string, unknown>,
  ): Promise<CallerCredentials> => ({
    token: (
      await expectOk<{ token: string }>(
        t.post('/api/user/token/add', { name: 'persona', ...body }, { token: await session(userId) }),
      )
    ).token,
    shareHeaders: {},
  });
  return {
    callers: {
      anonymous: { shareHeaders: {} },
      publicVisitor: { shareHeaders: { 'x-share-id': publicShare.id, 'x-compose-id': publicCompose.id } },
      lockedVisitor: { shareHeaders: { 'x-share-id': lockedShare.id, 'x-compose-id': lockedCompose.id } },
      unlockedVisitor: {
        shareHeaders: {
          'x-share-id': lockedShare.id,
          'x-compose-id': lockedCompose.id,
          // Replaced by the composed project's session on its calls (route-personas.routes.test.ts).
          'x-share-token': shareSession,
          'x-compose-session': composeSession,
        },
      },
      otherGuest: await member(ids.otherGuest),
      otherDev: await member(ids.otherDev),
      otherAdmin: await member(ids.otherAdmin),
      guest: await member(ids.guest),
      dev: await member(ids.dev),
      admin: await member(ids.admin),
      superAdmin: await member(ids.superAdmin),
      adminReadToken: await personalToken(ids.admin, { scope: 'read', projectIds: [projectId] }),
      superAdminToken: await personalToken(ids.superAdmin, { scope: 'write' }),
    },
    userIds: ids,
    spareUserId,
    spare2UserId,
    spareUsername: `${prefix}-spare`,
    jobId,
    pushToken,
    adminTokenId,
    templateId,
    lockedComposePageId,
    releaseId,
    spaceId,
    projectId,
    otherProjectId,
    moduleId,
    otherModuleId,
    environmentId,
    docId,
    folderId,
    enumId,
    enumItemId,
    mockId,
    scriptId,
    webhookId,
    openUserId,
    publicShareId: publicShare.id,
    lockedShareId: lockedShare.id,
    lockedSharePassword: lockedShare.password,
    composeSpaceId,
    publicComposeId: publicCompose.id,
    lockedComposeId: lockedCompose.id,
    lockedComposePassword: lockedCompose.password,
    composeFolderId,
    composePageId,
  };
}
