import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { permsWith } from '../../../test/perms.ts';
import { usePermissions } from './use-permissions.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('usePermissions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('allows nothing until the roles arrive, then answers from the abilities the server listed', async () => {
    stubApi({
      'GET /api/user/perm/get': () =>
        permsWith({
          'space:s1': ['dev', ['space.read', 'space.project.create']],
          'project:p1': ['guest', ['environment.read']],
          'project:p2': ['admin', ['module.delete']],
        }),
    });
    const { result } = renderHook(() => usePermissions(), { wrapper });
    expect(result.current.isLoaded).toBe(false);
    expect(result.current.canSpace('s1', 'space.read')).toBe(false);
    await waitFor(() => expect(result.current.isLoaded).toBe(true));

    expect(result.current.isSuperAdmin).toBe(false);
    expect(result.current.spaceRole('s1')).toBe('dev');
    expect(result.current.canSpace('s1', 'space.project.create')).toBe(true);
    expect(result.current.canSpace('s1', 'space.member.manage')).toBe(false);
    expect(result.current.canProject('p1', 'environment.read')).toBe(true);
    expect(result.current.canProject('p1', 'environment.write')).toBe(false);
    expect(result.current.canProject('p2', 'module.delete')).toBe(true);
    expect(result.current.canProject('p3', 'project.read')).toBe(false);
  });

  it('lets a super admin pass every check', async () => {
    stubApi({ 'GET /api/user/perm/get': () => permsWith({}, true) });
    const { result } = renderHook(() => usePermissions(), { wrapper });
    await waitFor(() => expect(result.current.isLoaded).toBe(true));
    expect(result.current.isSuperAdmin).toBe(true);
    expect(result.current.canSpace('any', 'space.delete')).toBe(true);
    expect(result.current.canProject('any', 'project.member.manage')).toBe(true);
    expect(result.current.projectRole('any')).toBe('admin');
  });
});
