import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { collectBreadcrumb, type RouteHandle } from './route-handle.ts';

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
