// Listing rows with Update and Delete, shared by My Added Products, Admin Added Products and Manage All Products.
import type { Product } from '@olden/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Thumb } from '@/components/thumbnail';
import { paths } from '@/config/paths';
import { formatDate, formatPrice } from '@/lib/format';

interface ProductListProps {
  products: Product[];
  /** Where Update returns to after saving. */
  from: string;
  showSeller?: boolean;
  deletingId?: string;
  onDelete: (product: Product) => void;
  /** More of a row (My Added Products: views, saves and the stats toggle), under its title. */
  details?: (product: Product) => ReactNode;
}

export function ProductList({ products, from, showSeller, deletingId, onDelete, details }: ProductListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Products">
      {products.map((product) => {
        const isDeleting = deletingId === product._id;
        return (
          <li
            key={product._id}
            className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:flex-nowrap"
            aria-busy={isDeleting}
          >
            <Thumb src={product.image1} alt="" size={72} />
            <div className="min-w-0 flex-1 basis-40">
              <Link to={paths.productDetails.getHref(product._id)} className="link-hover font-semibold">
                {product.name}
              </Link>
              <p className="text-sm text-base-content/70">
                <span className="badge badge-ghost badge-sm mr-2">{product.category}</span>
                {formatDate(product.date)}
              </p>
              {showSeller && (
                <p className="truncate text-xs text-base-content/75" title={product.email}>
                  by {product.uploaderName} ({product.email})
                </p>
              )}
            </div>
            <p className="w-24 text-right font-semibold tabular-nums">{formatPrice(product.price)}</p>
            <div className="flex w-full gap-2 sm:w-auto">
              <Link
                to={paths.dashboard.updateProduct.getHref(product._id)}
                state={{ from }}
                className="btn btn-sm btn-outline flex-1 sm:flex-none"
                aria-label={`Update ${product.name}`}
              >
                Update
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-error flex-1 sm:flex-none"
                onClick={() => onDelete(product)}
                disabled={isDeleting}
                aria-label={`Delete ${product.name}`}
              >
                {isDeleting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Delete
              </button>
            </div>
            {details?.(product)}
          </li>
        );
      })}
    </ul>
  );
}
