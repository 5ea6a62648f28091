import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { NoPermission } from '../components/no-permission.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { permsQuery } from '../features/user/user.queries.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** The admin console's menu in the rail. */
export const adminHandle: RouteHandle = { rail: 'admin' };

/**
 * The admin console (super admins only). Anyone else gets a clear "no permission" page instead of screens
 * whose every call the server would refuse.
 */
export function AdminRoute() {
  const perms = useQuery(permsQuery());
  if (perms.isPending) return <PageSpinner />;
  if (perms.isError) return <ErrorState onRetry={() => void perms.refetch()} />;
  if (!perms.data.isSuperAdmin) return <NoPermission />;
  return <Outlet />;
}
