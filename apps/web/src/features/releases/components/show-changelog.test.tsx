import type { ReleaseComparison } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { ShowChangelog } from './show-changelog.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;

const CHANGES: Pick<ReleaseComparison, 'operations' | 'summary'> = {
  summary: {
    operations: { added: 0, removed: 1, changed: 0 },
    levels: { breaking: 1, 'non-breaking': 0, docs: 0 },
    breakingOperations: 1,
  },
  operations: [
    {
      key: 'DELETE /orders/{id}',
      docId: 'd9',
      moduleId: 'm2',
      moduleName: 'Orders',
      method: 'DELETE',
      url: '/orders/{id}',
      name: 'Cancel order',
      kind: 'removed',
      level: 'breaking',
      changes: [{ rule: 'operation-removed', level: 'breaking', where: 'operation', path: '' }],
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShowChangelog', () => {
  it.each([
    ['en', en],
    ['zh-CN', zh],
  ] as const)(
    "a composed project's landing shows what changed since each source's release (%s)",
    async (language, texts) => {
      await i18n.changeLanguage(language);
      stubApi({
        'GET /api/compose/project/changelog': () => ({
          sources: [
            {
              releases: [
                { id: 'r2', releaseNo: '2.1.0', releaseDesc: '', gmtCreate: '2026-02-01T00:00:00Z' },
              ],
              since: { id: 'r2', releaseNo: '2.1.0', gmtCreate: '2026-02-01T00:00:00Z' },
              changes: CHANGES,
            },
            // A source project without changes to tell is left out.
            { releases: [], since: null, changes: null },
          ],
        }),
      });
      renderRoutes([{ path: '/show/:showId', element: <ShowChangelog showId="c1" /> }], '/show/c1');
      expect(await screen.findByText(texts.releases.sinceRelease.replace('{0}', '2.1.0'))).toBeTruthy();
      expect(screen.getByText('Cancel order')).toBeTruthy();
      expect(screen.getByText(`${texts.releases.removed} · Orders`)).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
      expect(screen.getByRole('link', { name: texts.releases.feed }).getAttribute('href')).toBe(
        '/show/c1/changelog.atom',
      );
    },
  );

  it('shows nothing when no source project has a release', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/compose/project/changelog': () => ({ sources: [] }) });
    const { container } = renderRoutes(
      [{ path: '/show/:showId', element: <ShowChangelog showId="c1" /> }],
      '/show/c1',
    );
    await vi.waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(container.querySelector('section')).toBeNull();
  });
});
