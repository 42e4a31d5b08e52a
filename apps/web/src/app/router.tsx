import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminRoute } from '@/features/auth/components/admin-route';
import { PrivateRoute } from '@/features/auth/components/private-route';
import { RootLayout } from './layouts/root-layout';
import { Component as Home } from './routes/home';
import { NotFoundContent } from './routes/not-found';
import { RouteError } from './routes/route-error';

const dashboard = () => import('@/features/dashboard/routes');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // Home is the landing page: bundled with the entry so its first paint needs no second round trip.
          { index: true, Component: Home },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'register', lazy: () => import('./routes/register') },
          { path: 'contactUs', lazy: () => import('./routes/contact') },
          { path: 'productDetails/:id', lazy: () => import('./routes/product-details') },
          {
            element: <PrivateRoute />,
            children: [
              { path: 'timeline', lazy: () => import('./routes/timeline') },
              { path: 'productsCategory/:category', lazy: () => import('./routes/products-category') },
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await dashboard()).DashboardLayout }),
                children: [
                  { index: true, element: <Navigate to="addProduct" replace /> },
                  { path: 'addProduct', lazy: async () => ({ Component: (await dashboard()).AddProduct }) },
                  {
                    path: 'updateProduct/:id',
                    lazy: async () => {
                      const m = await dashboard();
                      return { Component: m.UpdateProduct, loader: m.updateProductLoader };
                    },
                  },
                  { path: 'myAddedProducts', lazy: async () => ({ Component: (await dashboard()).MyAddedProducts }) },
                  { path: 'myCarts', lazy: async () => ({ Component: (await dashboard()).MyCarts }) },
                  { path: 'buyerRequest', lazy: async () => ({ Component: (await dashboard()).BuyerRequest }) },
                  {
                    element: <AdminRoute />,
                    children: [
                      { path: 'manageUsers', lazy: async () => ({ Component: (await dashboard()).ManageUsers }) },
                      { path: 'manageAllProducts', lazy: async () => ({ Component: (await dashboard()).ManageAllProducts }) },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundContent /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
