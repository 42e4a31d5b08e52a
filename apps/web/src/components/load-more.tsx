/** 'Load more' for a paged list (an infinite query); hidden when there is no next page. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className="btn btn-outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Load more
      </button>
    </div>
  );
}
