// The /dashboard/* route modules, loaded lazily by the router as one chunk.
export { DashboardLayout } from './components/dashboard-layout';
export { AddProduct } from './pages/add-product';
export { UpdateProduct, updateProductLoader } from './pages/update-product';
export { MyAddedProducts } from './pages/my-added-products';
export { MyCarts } from './pages/my-carts';
export { BuyerRequest } from './pages/buyer-request';
export { ManageUsers } from './pages/manage-users';
export { ManageAllProducts } from './pages/manage-all-products';
