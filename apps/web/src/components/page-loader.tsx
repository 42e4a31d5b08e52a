export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={label} />;
}

/** Full-area loading indicator used by guards and route fallbacks. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 py-16" aria-live="polite">
      <Spinner label={label} />
      <p className="text-sm text-base-content/70">{label}…</p>
    </div>
  );
}
