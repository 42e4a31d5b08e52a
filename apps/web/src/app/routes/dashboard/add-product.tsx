import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/components/auth-context';
import { useCreateProduct } from '@/features/products/api/create-product';
import { ProductForm } from '@/features/products/components/product-form';
import { emptyProductForm } from '@/features/products/lib/product-form-schema';
import { showSuccess } from '@/lib/popups';

export function AddProduct() {
  const { user } = useAuth();
  const create = useCreateProduct();
  return (
    <section>
      <PageHeader
        title="Add Your Product"
        description="List an item on the Timeline. Buyers see the photos, the price and how to reach you."
      />
      <ProductForm
        defaultValues={emptyProductForm()}
        submitLabel="Add Product"
        uploader={{ name: user?.displayName ?? '', email: user?.email ?? '' }}
        onSave={async (body) => {
          await create.mutateAsync(body);
          void showSuccess(`${body.name} is added to the Timeline route`);
          return true;
        }}
      />
    </section>
  );
}
