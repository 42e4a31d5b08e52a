import { errorMessage, isApiError } from '@/lib/api-client';

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

/** A failed load: what happened and, when a retry can help, a Retry button. */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const offline = isApiError(error) && error.isNetworkError;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-8 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-error" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
      </svg>
      <h2 className="text-lg font-semibold">{title ?? (offline ? 'You seem to be offline' : 'We could not load this')}</h2>
      <p className="text-sm text-base-content/70">{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-2 rounded-box border border-dashed border-base-300 p-10 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-base-content/40" fill="none" stroke="currentColor" strokeWidth="1.6">
        <path d="M3 7l9-4 9 4-9 4-9-4z M3 7v10l9 4 9-4V7" strokeLinejoin="round" />
      </svg>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="text-sm text-base-content/70">{children}</div>}
    </div>
  );
}
