import type { Offer } from '@olden/contracts';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft, isCounterOffer, offerAnnouncement, offerTitle } from './offer-text';

const offer = (id: string, by: Offer['by'], status: Offer['status'], amount = 80): Offer => ({
  _id: id, requestId: 'r1', amount, by, status, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-03T00:00:00.000Z', answeredAt: null,
});
const names = { buyer: 'Bob Buyer', seller: 'Ann' };

describe('offer text', () => {
  it('says the time an open offer has left in hours, then minutes', () => {
    const now = Date.parse('2026-01-01T00:30:00.000Z');
    expect(formatTimeLeft('2026-01-03T00:00:00.000Z', now)).toBe('expires in 47 h');
    expect(formatTimeLeft('2026-01-01T01:29:59.000Z', now)).toBe('expires in 59 min');
    expect(formatTimeLeft('2026-01-01T00:30:30.000Z', now)).toBe('expires now');
    expect(formatTimeLeft('2026-01-01T00:00:00.000Z', now)).toBe('expires now');
  });

  it("tells a counter-offer from an offer: the seller's always, the buyer's after a countered one", () => {
    const offers = [offer('o1', 'buyer', 'declined'), offer('o2', 'buyer', 'countered'), offer('o3', 'seller', 'countered'), offer('o4', 'buyer', 'open')];
    expect(offers.map((o) => isCounterOffer(o, offers))).toEqual([false, false, true, true]);
  });

  it("names an offer from the reader's side, and an admin sees both names", () => {
    expect(offerTitle(offer('o1', 'buyer', 'open'), false, 'buyer', names)).toBe('Your offer');
    expect(offerTitle(offer('o1', 'buyer', 'open'), false, 'seller', names)).toBe("Bob Buyer's offer");
    expect(offerTitle(offer('o2', 'seller', 'open'), true, 'buyer', names)).toBe("Ann's counter-offer");
    expect(offerTitle(offer('o2', 'seller', 'open'), true, 'seller', names)).toBe('Your counter-offer');
    expect(offerTitle(offer('o2', 'seller', 'open'), true, null, names)).toBe("Ann's counter-offer");
  });

  it('reads out what the other party did, never what the reader did', () => {
    expect(offerAnnouncement(offer('o1', 'buyer', 'open'), false, 'seller', names)).toBe('New offer from Bob Buyer: $80.00');
    expect(offerAnnouncement(offer('o1', 'buyer', 'open'), false, 'buyer', names)).toBeNull();
    expect(offerAnnouncement(offer('o1', 'buyer', 'accepted'), false, 'buyer', names)).toBe('Ann accepted your offer of $80.00');
    expect(offerAnnouncement(offer('o1', 'buyer', 'accepted'), false, 'seller', names)).toBeNull();
    expect(offerAnnouncement(offer('o2', 'seller', 'open', 90), true, 'buyer', names)).toBe('New counter-offer from Ann: $90.00');
    expect(offerAnnouncement(offer('o2', 'seller', 'declined', 90), true, 'seller', names)).toBe('Bob Buyer declined your offer of $90.00');
    expect(offerAnnouncement(offer('o1', 'buyer', 'expired'), false, 'seller', names)).toBe("Bob Buyer's offer of $80.00 expired");
    expect(offerAnnouncement(offer('o1', 'buyer', 'open'), false, null, names)).toBeNull();
  });
});
