import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AdminRoute } from '@/features/auth/components/admin-route';
import { PrivateRoute } from '@/features/auth/components/private-route';
import { RootLayout } from './layouts/root-layout';
import { Component as Home } from './routes/home';
import { NotFoundContent } from './routes/not-found';
import { RouteError } from './routes/route-error';

const dashboard = () => import('./routes/dashboard');

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // Home is the landing page: bundled with the entry so its first paint needs no second round trip.
          { index: true, Component: Home },
          { path: paths.login.path, lazy: () => import('./routes/login') },
          { path: paths.register.path, lazy: () => import('./routes/register') },
          { path: paths.contactUs.path, lazy: () => import('./routes/contact') },
          { path: paths.forgotPassword.path, lazy: () => import('./routes/forgot-password') },
          { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
          { path: paths.verifyEmail.path, lazy: () => import('./routes/verify-email') },
          { path: paths.confirmEmail.path, lazy: () => import('./routes/confirm-email') },
          { path: paths.productDetails.path, lazy: () => import('./routes/product-details') },
          { path: paths.unsubscribe.path, lazy: () => import('./routes/unsubscribe') },
          { path: paths.sellerProfile.path, lazy: () => import('./routes/seller-profile') },
          {
            element: <PrivateRoute />,
            children: [
              { path: paths.timeline.path, lazy: () => import('./routes/timeline') },
              { path: paths.productsCategory.path, lazy: () => import('./routes/products-category') },
              {
                path: paths.dashboard.root.path,
                lazy: async () => ({ Component: (await dashboard()).DashboardLayout }),
                children: [
                  { index: true, element: <Navigate to={paths.dashboard.addProduct.getHref()} replace /> },
                  { path: paths.dashboard.addProduct.path, lazy: async () => ({ Component: (await dashboard()).AddProduct }) },
                  {
                    path: paths.dashboard.updateProduct.path,
                    lazy: async () => {
                      const m = await dashboard();
                      return { Component: m.UpdateProduct, loader: m.updateProductLoader };
                    },
                  },
                  { path: paths.dashboard.myAddedProducts.path, lazy: async () => ({ Component: (await dashboard()).MyAddedProducts }) },
                  { path: paths.dashboard.myCarts.path, lazy: async () => ({ Component: (await dashboard()).MyCarts }) },
                  { path: paths.dashboard.buyerRequest.path, lazy: async () => ({ Component: (await dashboard()).BuyerRequest }) },
                  { path: paths.dashboard.requestThread.path, lazy: async () => ({ Component: (await dashboard()).RequestThread }) },
                  { path: paths.dashboard.profile.path, lazy: async () => ({ Component: (await dashboard()).Profile }) },
                  { path: paths.dashboard.favourites.path, lazy: async () => ({ Component: (await dashboard()).Favourites }) },
                  { path: paths.dashboard.savedSearches.path, lazy: async () => ({ Component: (await dashboard()).SavedSearches }) },
                  { path: paths.dashboard.myReports.path, lazy: async () => ({ Component: (await dashboard()).MyReports }) },
                  {
                    element: <AdminRoute />,
                    children: [
                      { path: paths.dashboard.manageUsers.path, lazy: async () => ({ Component: (await dashboard()).ManageUsers }) },
                      { path: paths.dashboard.manageAllProducts.path, lazy: async () => ({ Component: (await dashboard()).ManageAllProducts }) },
                      { path: paths.dashboard.moderation.path, lazy: async () => ({ Component: (await dashboard()).Moderation }) },
                      { path: paths.dashboard.audit.path, lazy: async () => ({ Component: (await dashboard()).AuditLog }) },
                      // Its own chunk: the charting library it loads is for admins on this page only.
                      { path: paths.dashboard.overview.path, lazy: async () => ({ Component: (await import('./routes/dashboard/overview')).Overview }) },
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
