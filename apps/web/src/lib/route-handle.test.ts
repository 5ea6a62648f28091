import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { collectBreadcrumb, collectRail, type RouteHandle } from './route-handle.ts';

function match(handle: RouteHandle | undefined, data: unknown = undefined): UIMatch {
  return { id: 'r', pathname: '/', params: {}, data, loaderData: data, handle };
}

describe('collectBreadcrumb', () => {
  it('is empty when no route declares a crumb (home only)', () => {
    expect(collectBreadcrumb([match(undefined), match({})])).toEqual({});
  });

  it('takes the space from one route and the project from a deeper one, from their data', () => {
    const space: RouteHandle = {
      breadcrumb: (m) => ({
        space: { label: String((m.data as { name: string }).name), to: '/space/project/s1' },
      }),
    };
    const project: RouteHandle = { breadcrumb: () => ({ project: { label: 'Payments' } }) };
    expect(collectBreadcrumb([match(space, { name: 'Team A' }), match(project)])).toEqual({
      space: { label: 'Team A', to: '/space/project/s1' },
      project: { label: 'Payments' },
    });
  });
});

describe('collectRail', () => {
  it('is null on routes that name no rail menu (the home menu)', () => {
    expect(collectRail([match(undefined), match({})])).toBeNull();
  });

  it('takes the deepest route that names a menu, with its match', () => {
    const project = match({ rail: 'project' }, { projectName: 'P' });
    expect(collectRail([match({ rail: 'space' }), project, match(undefined)])).toEqual({
      kind: 'project',
      match: project,
    });
  });
});
