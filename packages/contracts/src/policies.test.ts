// The ownership rules both sides import: sellers, buyers, self, admins; emails compared case-insensitively.
import { describe, expect, it } from 'vitest';
import { canBanUser, canBuy, canEditListing, canRemoveBuyRequest, isAdminUser, isSelfOrAdmin, sameEmail } from './policies.ts';

const seller = { email: 'seller@example.com', role: 'user' as const };
const buyer = { email: 'buyer@example.com', admin: false };
const admin = { email: 'admin@example.com', role: 'admin' as const };
const webAdmin = { email: 'admin@example.com', admin: true };
const listing = { email: 'Seller@Example.com' };
const request = { buyerEmail: 'BUYER@example.com', email: 'seller@EXAMPLE.com' };

describe('policies', () => {
  it('compares emails case-insensitively', () => {
    expect(sameEmail('A@B.com', 'a@b.COM')).toBe(true);
    expect(sameEmail('a@b.com', 'a@c.com')).toBe(false);
  });

  it('knows an admin from the server token (role) and from the web session (admin)', () => {
    expect(isAdminUser(admin)).toBe(true);
    expect(isAdminUser(webAdmin)).toBe(true);
    expect(isAdminUser(seller)).toBe(false);
    expect(isAdminUser(buyer)).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });

  it('lets the seller or an admin edit a listing, nobody else', () => {
    expect(canEditListing(seller, listing)).toBe(true);
    expect(canEditListing(admin, listing)).toBe(true);
    expect(canEditListing(buyer, listing)).toBe(false);
    expect(canEditListing(null, listing)).toBe(false);
  });

  it('lets anyone signed in buy, except the seller', () => {
    expect(canBuy(buyer, listing)).toBe(true);
    expect(canBuy(admin, listing)).toBe(true);
    expect(canBuy({ email: 'SELLER@example.com', admin: false }, listing)).toBe(false);
    expect(canBuy(null, listing)).toBe(false);
  });

  it('lets the buyer, the seller or an admin remove a buy request', () => {
    expect(canRemoveBuyRequest(buyer, request)).toBe(true);
    expect(canRemoveBuyRequest(seller, request)).toBe(true);
    expect(canRemoveBuyRequest(admin, request)).toBe(true);
    expect(canRemoveBuyRequest({ email: 'other@example.com', role: 'user' }, request)).toBe(false);
    expect(canRemoveBuyRequest(undefined, request)).toBe(false);
  });

  it('lets a user see their own lists, an admin anyone’s', () => {
    expect(isSelfOrAdmin(buyer, 'Buyer@Example.com')).toBe(true);
    expect(isSelfOrAdmin(buyer, 'seller@example.com')).toBe(false);
    expect(isSelfOrAdmin(admin, 'seller@example.com')).toBe(true);
    expect(isSelfOrAdmin(null, 'seller@example.com')).toBe(false);
  });

  it('lets admins ban others but never themselves', () => {
    expect(canBanUser(admin, { email: 'seller@example.com' })).toBe(true);
    expect(canBanUser(admin, { email: 'ADMIN@example.com' })).toBe(false);
    expect(canBanUser(seller, { email: 'buyer@example.com' })).toBe(false);
  });
});
