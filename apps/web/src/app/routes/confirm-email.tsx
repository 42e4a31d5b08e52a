// docs/product.md#change-email: the page the mailed link opens; signed in to the account, one press confirms.
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths, pageTitle } from '@/config/paths';
import { confirmEmail } from '@/features/account/api/confirm-email';
import { useAuth } from '@/features/auth/components/auth-context';
import { errorMessage } from '@/lib/api-client';
import { AuthLayout } from './auth-layout';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const location = useLocation();
  const { user, loading, refreshUser } = useAuth();
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'done'; message: string } | { status: 'failed'; error: unknown }>({ status: 'idle' });

  return (
    <AuthLayout title="Confirm your new email" subtitle="Your sign-in address changes once you confirm it here.">
      <title>{pageTitle('Confirm email')}</title>
      {loading ? (
        <PageLoader label="Checking your session" />
      ) : !user ? (
        <div className="space-y-4">
          <p role="status" className="alert alert-info alert-soft">Log in to the account that asked for this change, then open the link again.</p>
          <Link to={paths.login.getHref()} state={{ from: location }} className="btn btn-primary">Log in to confirm</Link>
        </div>
      ) : state.status === 'done' ? (
        <div className="space-y-4">
          <p role="status" className="alert alert-success alert-soft">{state.message}</p>
          <Link to={paths.dashboard.root.getHref()} className="btn btn-primary">Go to your dashboard</Link>
        </div>
      ) : (
        <div className="space-y-4">
          {state.status === 'failed' && (
            <p role="alert" className="alert alert-error alert-soft">{errorMessage(state.error)}</p>
          )}
          <p className="text-sm">Signed in as <span className="font-medium">{user.email}</span>.</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!token || state.status === 'busy'}
            onClick={() => {
              setState({ status: 'busy' });
              confirmEmail(token)
                .then(async ({ message }) => {
                  await refreshUser().catch(() => undefined);
                  setState({ status: 'done', message });
                })
                .catch((error: unknown) => setState({ status: 'failed', error }));
            }}
          >
            Confirm my new email
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
