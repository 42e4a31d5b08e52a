// Placeholder dashboard pages wired into the router by the app shell.
// Owned by the dashboard engineer from here on: replace each component with the real page.
import type { LoaderFunctionArgs } from 'react-router';
import { Outlet } from 'react-router';

function Placeholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <title>{`Olden Goods | ${title}`}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-base-content/70">Coming soon.</p>
    </section>
  );
}

/** Wraps every /dashboard/* page (side menu goes here). */
export function DashboardLayout() {
  return <Outlet />;
}

export function AddProduct() {
  return <Placeholder title="Add Your Product" />;
}

/** Spec: the product is loaded before the update form shows. */
export async function updateProductLoader(_args: LoaderFunctionArgs): Promise<null> {
  return null;
}

export function UpdateProduct() {
  return <Placeholder title="Update Product" />;
}

export function MyAddedProducts() {
  return <Placeholder title="My Added Products" />;
}

export function MyCarts() {
  return <Placeholder title="My Cart" />;
}

export function BuyerRequest() {
  return <Placeholder title="Buyer Request" />;
}

export function ManageUsers() {
  return <Placeholder title="All Users / Make Admin" />;
}

export function ManageAllProducts() {
  return <Placeholder title="Manage All Products" />;
}
