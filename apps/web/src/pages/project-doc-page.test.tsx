import type { Environment, Module, Perms, Role } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { named, sentBodies, stubApi } from '../../test/api-stub.ts';
import { PROJECT_SCREEN_ABILITIES, permsWith } from '../../test/perms.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { ProjectDocPage } from './project-doc-page.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const MODULES: Module[] = [
  {
    id: 'm1',
    name: 'order-service',
    projectId: 'p1',
    type: 0,
    orderIndex: 0,
    createTime: '2026-01-01T00:00:00Z',
  },
  {
    id: 'm2',
    name: 'refund-service',
    projectId: 'p1',
    type: 0,
    orderIndex: 1,
    createTime: '2026-01-01T00:00:00Z',
  },
];
const ENVS: Environment[] = [
  {
    id: 'e1',
    moduleId: 'm1',
    name: 'test',
    baseUrl: 'http://test.example.com',
    isPublic: false,
    orderIndex: 10,
  },
];

function serve(role: Role) {
  const perms: Perms = permsWith({
    'space:s1': ['guest', ['space.read']],
    'project:p1': [role, PROJECT_SCREEN_ABILITIES[role]],
  });
  return stubApi({
    'GET /api/user/perm/get': () => perms,
    'GET /api/module/list': () => MODULES,
    'GET /api/project/space': () => ({
      spaceId: 's1',
      spaceName: 'Payments',
      projectId: 'p1',
      projectName: 'Gateway',
    }),
    'GET /api/module/environment/list': ({ url }) => (url.searchParams.get('moduleId') === 'm1' ? ENVS : []),
    'POST /api/module/environment/add': ({ body }) => ({ id: 'e2', orderIndex: 20, ...(body as object) }),
    'GET /api/project/list': () => [],
  });
}

function renderPage(path = '/project/doc/p1?moduleId=m1&tab=environment') {
  return renderRoutes([{ path: '/project/doc/:projectId', Component: ProjectDocPage }], path);
}

// Full antd screens in jsdom are slow on a busy machine; allow them time.
describe('ProjectDocPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a guest the applications and environments, with nothing to create, change or delete', async () => {
    serve('guest');
    renderPage();
    expect(await screen.findByRole('tab', { name: 'refund-service' })).toBeTruthy();
    expect(await screen.findByText('http://test.example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: named(en.module.new) })).toBeNull();
    expect(screen.queryByRole('button', { name: named(en.module.delete) })).toBeNull();
    expect(screen.queryByRole('button', { name: named(en.module.rename) })).toBeNull();
    expect(screen.queryByRole('button', { name: named(en.env.new) })).toBeNull();
    expect(screen.queryByRole('tab', { name: en.module.tabs.settings })).toBeNull();
  });

  it('lets a developer add an environment, but not delete the application', async () => {
    const fetchMock = serve('dev');
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: named(en.env.new) }));
    expect(screen.getByRole('tab', { name: en.module.tabs.settings })).toBeTruthy();
    expect(screen.queryByRole('button', { name: named(en.module.delete) })).toBeNull();

    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.common.create }));
    expect(await within(dialog).findByText('Can not empty and max-length is 50')).toBeTruthy();
    expect(within(dialog).getByText(en.validation.url)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(en.env.name), 'staging');
    await user.type(within(dialog).getByLabelText(en.env.baseUrl), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: en.common.create }));
    expect(await within(dialog).findByText(en.validation.url)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(en.env.baseUrl));
    await user.type(within(dialog).getByLabelText(en.env.baseUrl), '  https://staging.example.com/api/  ');
    await user.click(within(dialog).getByRole('button', { name: en.common.create }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/module/environment/add')).toEqual([
        { moduleId: 'm1', name: 'staging', baseUrl: 'https://staging.example.com/api', isPublic: false },
      ]),
    );
  });

  it('refuses an import with nothing ticked with the spec message', async () => {
    const fetchMock = serve('dev');
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: named(en.env.importTitle) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.env.import }));
    expect(await within(dialog).findByText(en.validation.choose_env)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/module/environment/import')).toEqual([]);
  });

  it('offers an admin rename and delete, and remembers the opened application', async () => {
    serve('admin');
    renderPage('/project/doc/p1?moduleId=m2');
    expect(await screen.findByRole('button', { name: named(en.module.delete) })).toBeTruthy();
    expect(screen.getByRole('button', { name: named(en.module.rename) })).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('torna.project.p1') ?? '{}')).toEqual({ moduleId: 'm2' }),
    );
  });

  it('explains an empty project to a reader', async () => {
    stubApi({
      'GET /api/user/perm/get': () => permsWith({ 'project:p1': ['guest', PROJECT_SCREEN_ABILITIES.guest] }),
      'GET /api/module/list': () => [],
      'GET /api/project/space': () => ({ spaceId: 's1', spaceName: 'S', projectId: 'p1', projectName: 'P' }),
    });
    renderPage('/project/doc/p1');
    expect(await screen.findByText(en.module.emptyTextReader)).toBeTruthy();
    expect(screen.queryByRole('button', { name: named(en.module.new) })).toBeNull();
  });
});
