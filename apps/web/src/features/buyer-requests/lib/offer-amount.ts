// The amount a person types for an offer or a counter-offer, checked as the server checks it (the contract's
// OfferAmount) plus what the page knows: an offer is below the listed price (at the price, Buy Now is the way).
import { OfferAmount } from '@olden/contracts';
import { formatPrice } from '@/lib/format';

/** The amount typed, in the listing's currency, or the message to show beside the field. */
export function readOfferAmount(text: string, listedPrice: number): { amount: number } | { problem: string } {
  if (text.trim() === '') return { problem: 'Enter the amount you offer' };
  const parsed = OfferAmount.safeParse(text);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Enter an amount' };
  if (parsed.data >= listedPrice) return { problem: `An offer must be below the listed price of ${formatPrice(listedPrice)}` };
  return { amount: parsed.data };
}
