import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useAdminStatus } from '../api/get-admin-status';
import { useAuth } from './auth-context';

/** Admin guard: the server decides (GET /users/admin/:email); anyone else goes to /. */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const adminStatus = useAdminStatus(user?.email, !loading);
  if (loading || (user && adminStatus.isPending)) return <PageLoader label="Checking your access" />;
  if (!user || !adminStatus.data?.admin) return <Navigate to={paths.home.getHref()} replace />;
  return children ?? <Outlet />;
}
