import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/popups';
import { useHeldPress } from '@/lib/use-held-press';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useToggleFavourite } from '../api/toggle-favourite';
import { HeartButton } from './heart-button';

interface Props {
  productId: string;
  name: string;
  /** null when nobody is signed in: the heart then asks `onSignIn` (the page sends the visitor to sign in and back). */
  userId: string | null;
  onSignIn: () => void;
  /**
   * False while sign-in is still settling its token (the session is read first): the heart neither reads nor
   * writes, because a call without the token is a 401, and a 401 signs the person out. It stays enabled, as the server
   * painted it; a press in that moment is held and acted on once the user's favourites are known.
   */
  ready?: boolean;
  /** One's own listing has no heart. */
  isOwn?: boolean;
  favouriteCount?: number;
  size?: 'sm' | 'md';
}

/** The heart, pressed when the signed-in user saved the listing; pressing it saves or removes it. */
export function FavouriteButton({ productId, name, userId, onSignIn, ready = true, isOwn = false, favouriteCount, size = 'sm' }: Props) {
  const ids = useFavouriteIds(Boolean(userId) && ready);
  const toggle = useToggleFavourite();
  // Whether a press can be acted on: sign-in has settled and, for a signed-in user, their favourites are read.
  const settled = ready && (!userId || !ids.isPending);
  const isSaved = Boolean(userId && ids.data?.has(productId));
  const press = () => {
    if (!userId) return onSignIn();
    toggle.mutate(
      { productId, favourited: !isSaved },
      { onError: (error) => void showToast(errorMessage(error), 'error') },
    );
  };
  const handleClick = useHeldPress(settled, press);
  if (isOwn) return null;
  return <HeartButton name={name} pressed={isSaved} favouriteCount={favouriteCount} size={size} onClick={handleClick} disabled={toggle.isPending} />;
}
