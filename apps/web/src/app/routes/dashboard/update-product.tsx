import type { Product } from '@olden/contracts';
import { canEditListing } from '@olden/contracts/constants';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { useIsAdmin } from '@/features/auth/hooks/use-is-admin';
import { productQueryOptions, useProduct } from '@/features/products/api/get-product';
import { useUpdateProduct } from '@/features/products/api/update-product';
import { ProductForm } from '@/features/products/components/product-form';
import type { ProductFormInput } from '@/features/products/lib/product-form-schema';
import { ApiError } from '@/lib/api-client';
import { showSuccess } from '@/lib/popups';
import { queryClient } from '@/lib/query-client';

/** docs/product.md#dashboard-update-product: the product is loaded before the update form shows. */
export async function updateProductLoader({ params }: LoaderFunctionArgs): Promise<Product> {
  if (!params.id) throw new ApiError(404, 'Product not found');
  return queryClient.ensureQueryData(productQueryOptions(params.id));
}

function toFormValues(product: Product): ProductFormInput {
  return {
    image1: null,
    image2: null,
    image3: null,
    image4: null,
    name: product.name,
    age: String(product.age),
    date: product.date.slice(0, 10),
    category: product.category,
    price: product.price.toFixed(2),
    uploaderPhone: product.uploaderPhone,
    uploaderLocation: product.uploaderLocation,
    shortDescription: product.shortDescription,
    longDescription: product.longDescription,
    acceptOffers: product.acceptOffers,
    // Null is the default (half the price); only the seller's own read tells it at all (an admin's leaves it out).
    offerFloor: typeof product.offerFloor === 'number' ? product.offerFloor.toFixed(2) : '',
  };
}

export function UpdateProduct() {
  const loaded = useLoaderData<Product>();
  // The loader filled the cache; the query keeps it fresh while the page is open.
  const product = useProduct(loaded._id).data ?? loaded;
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const location = useLocation();
  const backTo = (location.state as { from?: string } | null)?.from ?? paths.dashboard.myAddedProducts.getHref();

  // The server refuses someone else's listing with 403, which would sign the user out: say it here instead.
  if (!user || !canEditListing({ email: user.email, admin: isAdmin }, product)) {
    return (
      <section>
        <PageHeader title="Update Product" />
        <EmptyState title="This listing is not yours">
          <p>You can only update the products you added.</p>
          <Link to={paths.dashboard.myAddedProducts.getHref()} className="btn btn-primary btn-sm mt-4">
            My Added Products
          </Link>
        </EmptyState>
      </section>
    );
  }

  return (
    <section>
      <PageHeader
        title="Update Product"
        description={
          <>
            Editing <strong>{product.name}</strong>. Choose all four photos again; the current ones are shown for reference.
          </>
        }
      >
        <Link to={backTo} className="btn btn-ghost btn-sm">
          Cancel
        </Link>
      </PageHeader>
      <ProductForm
        key={product._id}
        defaultValues={toFormValues(product)}
        currentImages={{ image1: product.image1, image2: product.image2, image3: product.image3, image4: product.image4 }}
        submitLabel="Update Product"
        isFloorKnown={product.offerFloor !== undefined}
        uploader={{ name: product.uploaderName, email: product.email }}
        onSave={async (body) => {
          await update.mutateAsync({ id: product._id, body });
          void showSuccess(`${body.name} is Updated to the Timeline route`);
          await navigate(backTo);
          return false;
        }}
      />
    </section>
  );
}
