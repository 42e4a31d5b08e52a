import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle, paths } from '@/config/paths';
import { unsubscribe } from '@/features/saved-searches/api/unsubscribe';
import { errorMessage } from '@/lib/api-client';

/** The one-click unsubscribe link of an alert mail: turns that alert off, no sign-in needed. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const run = useMutation({ mutationFn: unsubscribe });
  const { mutate } = run;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{pageTitle('Unsubscribe')}</title>
      <h1 className="font-serif text-3xl font-bold">Alert mails</h1>
      <div className="mt-6" role="status" aria-live="polite">
        {!token ? (
          <p>This link has no token.</p>
        ) : run.isPending || run.isIdle ? (
          <p>Turning the alert off…</p>
        ) : run.isError ? (
          <p className="text-error">{errorMessage(run.error)}</p>
        ) : (
          <p>You will get no more alerts for “{run.data.label}”.</p>
        )}
      </div>
      <Link className="btn btn-primary mt-8" to={paths.dashboard.savedSearches.getHref()}>
        Manage saved searches
      </Link>
    </section>
  );
}
