import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/popups';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useToggleFavourite } from '../api/toggle-favourite';
import { HeartButton } from './heart-button';

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

/** The heart, pressed when the signed-in user saved the listing; pressing it saves or removes it. */
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
  return <HeartButton name={name} pressed={isSaved} favouriteCount={favouriteCount} size={size} onClick={handleClick} disabled={toggle.isPending} />;
}
