// The heart on cards and the product page: the favourites feature's button, told who is signed in and how a visitor
// signs in and comes back (the app layer joins the two features).
import type { Product } from '@olden/contracts';
import { isSeller } from '@olden/contracts/constants';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { FavouriteButton } from '@/features/favourites/components/favourite-button';

export function Heart({ product, size }: { product: Product; size?: 'sm' | 'md' }) {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <FavouriteButton
      productId={product._id}
      name={product.name}
      userId={user?._id ?? null}
      ready={!loading}
      isOwn={isSeller(user, product)}
      favouriteCount={product.favouriteCount}
      size={size}
      onSignIn={() => void navigate(paths.login.getHref(), { state: { from: location } })}
    />
  );
}

export const cardHeart = (product: Product) => <Heart product={product} />;
