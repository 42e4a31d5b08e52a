// The profile's blocked list (docs/product.md#blocking): who the user blocked, with Unblock.
import { Avatar } from '@/components/avatar';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showError } from '@/lib/popups';
import { useBlocks } from '../api/list-blocks';
import { useUnblockUser } from '../api/unblock-user';

export function BlockedList() {
  const blocks = useBlocks();
  const unblock = useUnblockUser();
  if (blocks.isPending) return <ListSkeleton rows={1} label="Loading the users you blocked" />;
  if (blocks.isError) return <ErrorState error={blocks.error} onRetry={() => void blocks.refetch()} title="We could not load the users you blocked" />;
  if (blocks.data.length === 0) return <p className="text-sm text-base-content/80">You have not blocked anyone.</p>;
  return (
    <ul className="flex flex-col divide-y divide-base-300" aria-label="Blocked users">
      {blocks.data.map((b) => (
        <li key={b.userId} className="flex items-center gap-3 py-2">
          <Avatar src={b.photoURL} size={36} />
          <div className="min-w-0 flex-1">
            <p className="font-medium wrap-anywhere">{b.name}</p>
            <p className="text-xs text-base-content/80">
              Blocked <time dateTime={b.blockedAt}>{formatDateTime(b.blockedAt)}</time>
            </p>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={unblock.isPending}
            onClick={() => unblock.mutateAsync(b.userId).catch((err: unknown) => void showError('Could not unblock', errorMessage(err)))}
          >
            Unblock <span className="sr-only">{b.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
