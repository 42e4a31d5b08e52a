import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';

/** Route guard (docs/product.md#route-guards): loading indicator while auth settles, else /login remembering where we came from. */
export function PrivateRoute({ children }: { children?: ReactNode }) {
  const { user, loading, error, retry } = useAuth();
  const location = useLocation();
  if (error) {
    return (
      <div className="px-4 py-16">
        <ErrorState error={error} onRetry={retry} title="We could not check your session" />
      </div>
    );
  }
  if (loading) return <PageLoader label="Checking your session" />;
  if (!user) return <Navigate to={paths.login.getHref()} state={{ from: location }} replace />;
  return children ?? <Outlet />;
}
