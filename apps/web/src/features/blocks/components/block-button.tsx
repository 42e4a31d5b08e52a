// "Block" on a seller and in a thread (docs/product.md#blocking): confirms, blocks, and offers Unblock once blocked.
import { errorMessage } from '@/lib/api-client';
import { confirmAction, showError, showSuccess } from '@/lib/popups';
import { useBlockUser } from '../api/block-user';
import { useBlocks } from '../api/list-blocks';
import { useUnblockUser } from '../api/unblock-user';

interface Props {
  userId: string;
  name: string;
  className?: string;
}

export function BlockButton({ userId, name, className = 'btn btn-sm btn-ghost text-error' }: Props) {
  const blocks = useBlocks();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const isBlocked = blocks.data?.some((b) => b.userId === userId) ?? false;
  const isBusy = blocks.isPending || block.isPending || unblock.isPending;

  const handleBlock = async () => {
    const sure = await confirmAction(
      `Block ${name}?`,
      'Neither of you will be able to send the other buy requests or messages, and you will not see each other’s listings. Pending requests between you are cancelled; they are not told.',
      'Yes, block',
    );
    if (!sure) return;
    try {
      await block.mutateAsync(userId);
      void showSuccess(`${name} is blocked`);
    } catch (err) {
      void showError('Could not block', errorMessage(err));
    }
  };
  const handleUnblock = async () => {
    try {
      await unblock.mutateAsync(userId);
      void showSuccess(`${name} is no longer blocked`);
    } catch (err) {
      void showError('Could not unblock', errorMessage(err));
    }
  };

  return isBlocked ? (
    <button type="button" className={className} onClick={() => void handleUnblock()} disabled={isBusy}>
      Unblock {name}
    </button>
  ) : (
    <button type="button" className={className} onClick={() => void handleBlock()} disabled={isBusy}>
      Block {name}
    </button>
  );
}
