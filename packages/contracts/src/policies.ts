// Who may do what: the one home of the ownership rules. The server enforces them; the web asks them only
// to decide what to show. Zod-free, so every page can import it.

/** A signed-in user as either side knows it: the server's token user (role) or the web's session user (admin). */
export type PolicyUser = { email: string; role: 'user' | 'admin' } | { email: string; admin: boolean };
type Caller = PolicyUser | null | undefined;

/** Emails are compared case-insensitively everywhere (they are stored lowercase, but a caller may not be). */
export function sameEmail(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function isAdminUser(user: Caller): boolean {
  if (!user) return false;
  return 'role' in user ? user.role === 'admin' : user.admin;
}

/** Lists and profiles keyed by an email (?email=, ?buyerEmail=, /users/admin/:email): that user or an admin. */
export function isSelfOrAdmin(user: Caller, email: string): boolean {
  return !!user && (sameEmail(user.email, email) || isAdminUser(user));
}

/** A listing's `email` is its seller's. */
export interface ListingOwnership {
  email: string;
}

export function isSeller(user: Caller, listing: ListingOwnership): boolean {
  return !!user && sameEmail(user.email, listing.email);
}

/** Change or delete a listing: its seller or an admin. */
export function canEditListing(user: Caller, listing: ListingOwnership): boolean {
  return isSeller(user, listing) || isAdminUser(user);
}

/** Send a buy request: any signed-in user but the seller. */
export function canBuy(user: Caller, listing: ListingOwnership): boolean {
  return !!user && !isSeller(user, listing);
}

/** In a buy request `buyerEmail` is the buyer's and `email` the seller's (the spec's wire names). */
export interface BuyRequestOwnership {
  buyerEmail: string;
  email: string;
}

/** Remove a buy request: its buyer (cancel), its seller (handover) or an admin. */
export function canRemoveBuyRequest(user: Caller, request: BuyRequestOwnership): boolean {
  return !!user && (sameEmail(user.email, request.buyerEmail) || sameEmail(user.email, request.email) || isAdminUser(user));
}

/** Ban (delete) a user: admins only, never themselves. */
export function canBanUser(user: Caller, target: { email: string }): boolean {
  return isAdminUser(user) && !sameEmail(user!.email, target.email);
}
