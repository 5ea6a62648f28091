import type { Job, ModuleImportStatus } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { docTreeQuery } from '../../docs/docs.queries.ts';
import { importStatusQuery } from '../imports.queries.ts';
import { ModuleImportBar } from './module-import-bar.tsx';

function job(status: Job['status']): Job {
  return {
    id: 'j1',
    kind: 'import',
    moduleId: 'm9',
    status,
    phase: status === 'running' ? 'convert' : '',
    done: status === 'done' ? 2 : 1,
    total: 2,
    progress: { done: status === 'done' ? 2 : 1, total: 2 },
    result:
      status === 'done'
        ? { added: 2, updated: 0, removed: 0, unchanged: 0, removedDocs: [], warnings: [] }
        : null,
    error: null,
    createTime: '2026-01-01T00:00:00Z',
    finishTime: '',
  };
}

function docRow(id: string) {
  return {
    id,
    parentId: '',
    name: id,
    url: `/${id}`,
    httpMethod: 'GET',
    type: 0,
    isFolder: false,
    deprecated: '$false$',
    isShow: true,
    isLocked: false,
    orderIndex: 0,
  };
}

/** The application page in small: its import bar and its doc tree, loaded while the job runs. */
function Page() {
  const statuses = useQuery(importStatusQuery('p1'));
  const tree = useQuery(docTreeQuery('m9'));
  const status = statuses.data?.[0];
  return (
    <div>
      {status ? (
        <ModuleImportBar status={status} canRefresh canSeeSettings={false} canUpdateSettings={false} />
      ) : null}
      <p>{tree.data ? `${tree.data.length} docs` : 'loading'}</p>
    </div>
  );
}

describe('ModuleImportBar', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reloads the doc tree loaded during the import once the job ends', async () => {
    // Found importing GitHub's GHEC description in the browser: 1,471 docs added, the list still said 0.
    // The first status answer says running; the docs exist once a later one says done.
    let statusCalls = 0;
    stubApi({
      'GET /api/module/import/status': (): ModuleImportStatus[] => {
        statusCalls += 1;
        return [{ moduleId: 'm9', kind: 'swagger', job: job(statusCalls > 1 ? 'done' : 'running') }];
      },
      'GET /api/doc/list': () => (statusCalls > 1 ? [docRow('a'), docRow('b')] : []),
    });
    renderRoutes([{ path: '/', Component: Page }], '/');
    expect(await screen.findByText('0 docs')).toBeTruthy();
    expect(await screen.findByText('2 docs', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers "Re-import from file" and "Re-import now" on a Postman application, not the swagger settings', async () => {
    stubApi({});
    const into = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          Component: () => (
            <ModuleImportBar
              status={{ moduleId: 'm9', kind: 'postman', job: job('done') }}
              canRefresh
              canSeeSettings
              canUpdateSettings
              onImportInto={into}
            />
          ),
        },
      ],
      '/',
    );
    const reimport = await screen.findByRole('button', { name: /Re-import from file$/ });
    expect(screen.getByRole('button', { name: /Re-import now$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Swagger source$/ })).toBeNull();
    await userEvent.setup().click(reimport);
    expect(into).toHaveBeenCalledTimes(1);
  });
});
