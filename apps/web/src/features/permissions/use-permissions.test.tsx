import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { usePermissions } from './use-permissions.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('usePermissions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('allows nothing until the roles arrive, then answers from roleData', async () => {
    stubApi({
      'GET /api/user/perm/get': () => ({
        isSuperAdmin: false,
        roleData: { 'space:s1': 'dev', 'project:p1': 'guest', 'project:p2': 'admin' },
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
    stubApi({ 'GET /api/user/perm/get': () => ({ isSuperAdmin: true, roleData: {} }) });
    const { result } = renderHook(() => usePermissions(), { wrapper });
    await waitFor(() => expect(result.current.isLoaded).toBe(true));
    expect(result.current.isSuperAdmin).toBe(true);
    expect(result.current.canSpace('any', 'space.delete')).toBe(true);
    expect(result.current.canProject('any', 'project.member.manage')).toBe(true);
    expect(result.current.projectRole('any')).toBe('admin');
  });
});
