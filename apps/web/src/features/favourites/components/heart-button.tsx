import { HeartIcon } from '@/components/icons';

interface Props {
  /** The listing's name, for the button's accessible name. */
  name: string;
  pressed: boolean;
  favouriteCount?: number;
  size?: 'sm' | 'md';
  onClick: () => void;
  disabled?: boolean;
}

/**
 * The heart as it looks: a toggle button whose pressed state screen readers announce (aria-pressed). No state of its
 * own, so the server paints the same markup on its first screens (app/server-render.tsx) as FavouriteButton renders.
 */
export function HeartButton({ name, pressed, favouriteCount, size = 'sm', onClick, disabled = false }: Props) {
  return (
    <button
      type="button"
      className={`btn btn-circle btn-ghost ${size === 'sm' ? 'btn-sm' : ''} ${pressed ? 'text-error' : ''}`}
      aria-pressed={pressed}
      aria-label={`Save ${name} to favourites`}
      title={pressed ? 'Saved to favourites' : 'Save to favourites'}
      onClick={onClick}
      disabled={disabled}
    >
      <HeartIcon filled={pressed} className={size === 'sm' ? 'size-5' : 'size-6'} />
      {favouriteCount !== undefined && favouriteCount > 0 && <span className="sr-only">{`, saved by ${favouriteCount}`}</span>}
    </button>
  );
}
