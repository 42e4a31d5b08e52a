// docs/product.md#verify-email: the page the mailed link opens; it verifies on arrival, once, in a browser signed in
// to the link's account.
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths, pageTitle } from '@/config/paths';
import { useSendVerification } from '@/features/account/api/send-verification';
import { verifyEmail } from '@/features/account/api/verify-email';
import { useAuth } from '@/features/auth/components/auth-context';
import { errorMessage, hasCode } from '@/lib/api-client';
import { AuthLayout } from './auth-layout';

type Outcome = { status: 'pending' } | { status: 'verified' } | { status: 'failed'; error: unknown };

/**
 * Sends the token once per token: the link is single use, so a second call (StrictMode runs effects twice, a
 * re-render after the session refresh) would turn a success into "already used".
 */
function useVerifyOnce(token: string, onVerified: () => void): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'pending' });
  const started = useRef<{ token: string; result: Promise<Outcome> } | null>(null);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  useEffect(() => {
    if (started.current?.token !== token) {
      const result: Promise<Outcome> = token
        ? verifyEmail({ token }).then(
            () => {
              onVerifiedRef.current();
              return { status: 'verified' } as const;
            },
            (error: unknown) => ({ status: 'failed', error }) as const,
          )
        : Promise.resolve({ status: 'failed', error: null } as const);
      started.current = { token, result };
    }
    let isActive = true;
    void started.current.result.then((next) => isActive && setOutcome(next));
    return () => {
      isActive = false;
    };
  }, [token]);

  return outcome;
}

function ResendLink() {
  const resend = useSendVerification();
  return (
    <div className="space-y-3">
      <button type="button" className="btn btn-primary" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
        {resend.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send a new link
      </button>
      <p role="status" className={resend.isError ? 'text-sm text-error' : 'text-sm'}>
        {resend.isSuccess ? resend.data?.message || ACCOUNT_MESSAGES.verificationSent : resend.isError ? errorMessage(resend.error) : null}
      </p>
    </div>
  );
}

/**
 * The link was opened where its account is not signed in (docs/product.md#verify-email): nothing changed and the
 * link still works. Its holder logs in and comes back here; an owner who cannot (someone else registered the
 * address) resets the password, which proves the address and signs everyone else out.
 */
function SignInToVerify({ message, signedInAs }: { message: string; signedInAs: string | null }) {
  const location = useLocation();
  return (
    <div className="space-y-4">
      <div role="status" className="alert alert-info alert-soft">
        <span>{message}</span>
      </div>
      {signedInAs ? (
        <p className="text-sm">
          You are signed in as <span className="font-medium">{signedInAs}</span>: log out, then log in to the account this link
          was sent for.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {signedInAs ? null : (
          <Link to={paths.login.getHref()} state={{ from: location }} className="btn btn-primary">Log in to confirm</Link>
        )}
        <Link to={paths.forgotPassword.getHref()} className="btn btn-ghost">Reset the password</Link>
      </div>
    </div>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, loading, refreshUser } = useAuth();
  // A signed-in person sees the banner go and, for an address in ADMIN_EMAILS, their admin menu appear.
  const outcome = useVerifyOnce(token, () => void refreshUser().catch(() => undefined));

  return (
    <AuthLayout title="Verify your email" subtitle="Proving your address keeps your account yours: it is how you get back in if you forget your password.">
      <title>{pageTitle('Verify email')}</title>
      {outcome.status === 'pending' ? (
        <PageLoader label="Verifying your email" />
      ) : outcome.status === 'verified' ? (
        <div className="space-y-4">
          <div role="status" className="alert alert-success alert-soft">
            <span>Your email is verified. Thank you!</span>
          </div>
          <div className="flex flex-wrap gap-2">
            {user ? (
              <Link to={paths.dashboard.root.getHref()} className="btn btn-primary">Go to your dashboard</Link>
            ) : (
              <Link to={paths.login.getHref()} className="btn btn-primary">Login</Link>
            )}
            <Link to={paths.home.getHref()} className="btn btn-ghost">Home</Link>
          </div>
        </div>
      ) : hasCode(outcome.error, 'SIGN_IN_TO_VERIFY') ? (
        loading ? (
          <PageLoader label="Verifying your email" />
        ) : (
          <SignInToVerify message={errorMessage(outcome.error)} signedInAs={user?.email ?? null} />
        )
      ) : (
        <div className="space-y-4">
          <div role="alert" className="alert alert-error alert-soft">
            <span>
              {!token
                ? 'This link is incomplete: open it again from the mail.'
                : hasCode(outcome.error, 'INVALID_TOKEN')
                  ? ACCOUNT_MESSAGES.invalidToken
                  : errorMessage(outcome.error)}
            </span>
          </div>
          {loading ? null : user?.emailVerified ? (
            <p className="text-sm">
              Your email <span className="font-medium">{user.email}</span> is already verified: there is nothing more to do.
            </p>
          ) : user ? (
            <ResendLink />
          ) : (
            <p className="text-sm">
              <Link to={paths.login.getHref()} className="link link-primary font-medium">Log in</Link> and we will send you a new
              link.
            </p>
          )}
        </div>
      )}
    </AuthLayout>
  );
}
