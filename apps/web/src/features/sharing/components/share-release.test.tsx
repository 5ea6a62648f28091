import type { Release } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentBodies, stubApi } from '../../../../test/api-stub.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { SharePage } from '../../../pages/share-page.tsx';
import { ShareFormModal } from './share-form-modal.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;

const RELEASE: Release = {
  id: 'r1',
  projectId: 'p1',
  releaseNo: '1.0.0',
  releaseDesc: '',
  status: 1,
  dingdingWebhook: '',
  weComWebhook: '',
  gmtCreate: '2026-01-01T00:00:00Z',
  creatorName: 'Ann',
  docCount: 1,
  moduleSourceIdMap: { m1: ['d1'] },
  isSubscribe: false,
};

describe('a share of a release', { timeout: 90_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', en],
    ['zh-CN', zh],
  ] as const)('the form shares a release of the project (%s)', async (lang, texts) => {
    await i18n.changeLanguage(lang);
    const fetchMock = stubApi({
      'GET /api/project/release/list': () => [RELEASE],
      'GET /api/module/environment/list': () => [],
      'POST /api/doc/share/add': () => ({
        id: 's1',
        moduleId: 'm1',
        type: 1,
        password: '',
        status: 1,
        expirationTime: null,
        isAll: true,
        remark: '',
        isShowDebug: false,
        isAllSelectedDebug: false,
        creatorName: '',
        gmtCreate: '2026-01-01T00:00:00Z',
        expired: false,
        url: '/share/s1',
        releaseId: 'r1',
      }),
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ShareFormModal moduleId="m1" projectId="p1" share={null} open onClose={() => undefined} />
          ),
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await user.click(
      await within(dialog).findByRole('combobox', { name: texts.sharing.release }, { timeout: 15_000 }),
    );
    await user.click(await screen.findByTitle('1.0.0'));
    await user.click(within(dialog).getByLabelText(texts.sharing.scopeAll));
    await user.click(within(dialog).getByRole('button', { name: texts.common.save }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/doc/share/add')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST /api/doc/share/add')[0]).toMatchObject({
      moduleId: 'm1',
      releaseId: 'r1',
    });
  });

  it("the visitor's landing names the release and leaves out the changelog of the docs now", async () => {
    const fetchMock = stubApi({
      'GET /api/share/get': () => ({
        id: 's1',
        type: 1,
        moduleName: 'Users',
        remark: '',
        expirationTime: null,
        isShowDebug: false,
        environments: [],
        releaseNo: '1.0.0',
      }),
      'GET /api/share/menu': () => [],
    });
    renderRoutes([{ path: '/share/:shareId', Component: SharePage }], '/share/s1');
    expect(
      await screen.findByText(en.sharing.releaseOf.replace('{0}', '1.0.0'), {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/share/changelog'))).toBe(
      false,
    );
  });
});
