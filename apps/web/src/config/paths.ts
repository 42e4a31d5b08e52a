// Every route path in one place; build links with getHref, never by hand.
import type { CategoryKey, TimelineFilters } from '@olden/contracts';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  contactUs: { path: '/contactUs', getHref: () => '/contactUs' },
  forgotPassword: { path: '/forgotPassword', getHref: () => '/forgotPassword' },
  resetPassword: { path: '/resetPassword', getHref: (token?: string) => withQuery('/resetPassword', { token }) },
  verifyEmail: { path: '/verifyEmail', getHref: (token?: string) => withQuery('/verifyEmail', { token }) },
  confirmEmail: { path: '/confirmEmail', getHref: (token?: string) => withQuery('/confirmEmail', { token }) },
  timeline: {
    path: '/timeline',
    getHref: (filters: TimelineFilters = {}) => withQuery('/timeline', { ...filters }),
  },
  productsCategory: {
    path: '/productsCategory/:category',
    getHref: (category: CategoryKey | string) => `/productsCategory/${encodeURIComponent(category)}`,
  },
  productDetails: {
    path: '/productDetails/:id',
    getHref: (id: string) => `/productDetails/${encodeURIComponent(id)}`,
  },
  /** A member's public profile: listings for sale and reviews (server-rendered head). */
  sellerProfile: { path: '/sellers/:id', getHref: (id: string) => `/sellers/${encodeURIComponent(id)}` },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard/addProduct' },
    addProduct: { path: '/dashboard/addProduct', getHref: () => '/dashboard/addProduct' },
    updateProduct: {
      path: '/dashboard/updateProduct/:id',
      getHref: (id: string) => `/dashboard/updateProduct/${encodeURIComponent(id)}`,
    },
    myAddedProducts: { path: '/dashboard/myAddedProducts', getHref: () => '/dashboard/myAddedProducts' },
    myCarts: { path: '/dashboard/myCarts', getHref: () => '/dashboard/myCarts' },
    buyerRequest: { path: '/dashboard/buyerRequest', getHref: () => '/dashboard/buyerRequest' },
    /** One buy request: the listing, both parties, its status and actions, and the messages between them. */
    requestThread: { path: '/dashboard/requests/:id', getHref: (id: string) => `/dashboard/requests/${encodeURIComponent(id)}` },
    manageUsers: { path: '/dashboard/manageUsers', getHref: () => '/dashboard/manageUsers' },
    manageAllProducts: { path: '/dashboard/manageAllProducts', getHref: () => '/dashboard/manageAllProducts' },
    profile: { path: '/dashboard/profile', getHref: () => '/dashboard/profile' },
    favourites: { path: '/dashboard/favourites', getHref: () => '/dashboard/favourites' },
    savedSearches: { path: '/dashboard/savedSearches', getHref: () => '/dashboard/savedSearches' },
    /** The caller's reports and their outcome (docs/product.md#reports-and-moderation). */
    myReports: { path: '/dashboard/reports', getHref: () => '/dashboard/reports' },
    /** Admin: the moderation queue, the audit log and the overview charts. */
    moderation: { path: '/dashboard/moderation', getHref: () => '/dashboard/moderation' },
    audit: { path: '/dashboard/audit', getHref: () => '/dashboard/audit' },
    overview: { path: '/dashboard/overview', getHref: () => '/dashboard/overview' },
  },
  /** The one-click unsubscribe page an alert mail links to. */
  unsubscribe: { path: '/unsubscribe', getHref: (token?: string) => withQuery('/unsubscribe', { token }) },
  googleStart: { getHref: () => '/api/auth/google/start' },
} as const;

export const PRODUCT_NAME = 'Olden Goods';
export const pageTitle = (page: string) => `${PRODUCT_NAME} | ${page}`;
