import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { NotFoundContent } from './not-found';

/** Per-route error boundary: a 404 reads as "not found", anything else offers a retry. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const isNotFound = (isRouteErrorResponse(error) && error.status === 404) || (isApiError(error) && error.status === 404);
  if (isNotFound) return <NotFoundContent />;
  const retry = isApiError(error) ? () => void revalidator.revalidate() : () => window.location.reload();
  return (
    <div className="px-4 py-20">
      <title>Olden Goods | Error</title>
      <ErrorState error={error} onRetry={retry} />
    </div>
  );
}
