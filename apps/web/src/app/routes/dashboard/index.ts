// The /dashboard/* route modules, loaded lazily by the router as one chunk (moving between dashboard pages fetches nothing).
export { DashboardLayout } from '@/app/layouts/dashboard-layout';
export { AddProduct } from './add-product';
export { UpdateProduct, updateProductLoader } from './update-product';
export { MyAddedProducts } from './my-added-products';
export { MyCarts } from './my-carts';
export { BuyerRequest } from './buyer-request';
export { RequestThread } from './request-thread';
export { ManageUsers } from './manage-users';
export { ManageAllProducts } from './manage-all-products';
export { Profile } from './profile';
export { Favourites } from './favourites';
export { SavedSearches } from './saved-searches';
export { MyReports } from './my-reports';
export { Moderation } from './moderation';
export { AuditLog } from './audit-log';
