import { HeartIcon } from '@/components/icons';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/popups';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useToggleFavourite } from '../api/toggle-favourite';

interface Props {
  productId: string;
  name: string;
  /** null when nobody is signed in: the heart then asks `onSignIn` (the page sends the visitor to sign in and back). */
  userId: string | null;
  onSignIn: () => void;
  /** One's own listing has no heart. */
  isOwn?: boolean;
  favouriteCount?: number;
  size?: 'sm' | 'md';
}

/** The heart: a toggle button whose pressed state screen readers announce (aria-pressed). */
export function FavouriteButton({ productId, name, userId, onSignIn, isOwn = false, favouriteCount, size = 'sm' }: Props) {
  const ids = useFavouriteIds(Boolean(userId));
  const toggle = useToggleFavourite();
  if (isOwn) return null;
  const isSaved = Boolean(userId && ids.data?.has(productId));
  const handleClick = () => {
    if (!userId) return onSignIn();
    toggle.mutate(
      { productId, favourited: !isSaved },
      { onError: (error) => void showToast(errorMessage(error), 'error') },
    );
  };
  return (
    <button
      type="button"
      className={`btn btn-circle btn-ghost ${size === 'sm' ? 'btn-sm' : ''} ${isSaved ? 'text-error' : ''}`}
      aria-pressed={isSaved}
      aria-label={`Save ${name} to favourites`}
      title={isSaved ? 'Saved to favourites' : 'Save to favourites'}
      onClick={handleClick}
      disabled={toggle.isPending}
    >
      <HeartIcon filled={isSaved} className={size === 'sm' ? 'size-5' : 'size-6'} />
      {favouriteCount !== undefined && favouriteCount > 0 && (
        <span className="sr-only">{`, saved by ${favouriteCount}`}</span>
      )}
    </button>
  );
}
