import type { BuyerProduct, Offer } from '@olden/contracts';
import type { OfferStatus } from '@olden/contracts/constants';
import { useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { showSuccess } from '@/lib/popups';
import { useAnswerOffer } from '../api/answer-offer';
import { useNow } from '../hooks/use-now';
import { decideOffer, type OfferDecision } from '../lib/decide-offer';
import { formatTimeLeft, hasRunOut, offerTitle, type Party } from '../lib/offer-text';
import { OfferAmountForm } from './offer-amount-form';
import { OfferStatusBadge } from './offer-status-badge';

/** Beside an offer's time of answer: the status itself is the badge's word. */
const ANSWERED: Record<OfferStatus, string> = {
  open: '',
  accepted: 'Answered',
  declined: 'Answered',
  countered: 'Answered',
  expired: 'Ended',
  closed: 'Ended',
};

interface Props {
  request: BuyerProduct;
  offer: Offer;
  /** Whether it answers the other party's offer (lib/offer-text.ts isCounterOffer). */
  isCounter: boolean;
  /** Which party is reading; null for an admin reading others' thread (no buttons). */
  viewer: Party | null;
  /** False once the buyer made every offer a request takes (OFFERS_PER_REQUEST): no Counter for them then. */
  canCounter?: boolean;
}

/**
 * An offer in the thread (docs/product.md#offers): its amount, who made it, its status in words and, while open, the
 * time it has left. The party who did not make an open offer answers it here: Accept and Decline after a
 * confirmation, Counter with an amount of their own.
 */
export function OfferCard({ request, offer, isCounter, viewer, canCounter = true }: Props) {
  const titleId = useId();
  const now = useNow();
  const answer = useAnswerOffer();
  const card = useRef<HTMLElement>(null);
  const counterButton = useRef<HTMLButtonElement>(null);
  const [isCountering, setCountering] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const names = { buyer: request.buyerName, seller: request.uploaderName };
  const title = offerTitle(offer, isCounter, viewer, names);
  const amount = formatPrice(offer.amount);
  const isMine = viewer !== null && offer.by === viewer;
  const isOpen = offer.status === 'open' && !hasRunOut(offer, now);
  const canAnswer = isOpen && viewer !== null && !isMine && request.status === 'Pending';
  const other = offer.by === 'buyer' ? names.seller : names.buyer;

  // As the server has it: the seller counters above the buyer's offer, the buyer below the seller's (else accept it).
  const checkCounter = (value: number) => {
    if (offer.by === 'buyer' && value <= offer.amount) return `A counter-offer must be above ${amount}: accept the offer instead`;
    if (offer.by === 'seller' && value >= offer.amount) return `A counter-offer must be below ${amount}: accept the offer instead`;
    return undefined;
  };

  // The buttons go once the offer is answered: the card keeps the focus rather than losing it to the page.
  const handleDecision = async (decision: OfferDecision) => {
    setError(null);
    const result = await decideOffer(request, offer, decision, answer.mutateAsync);
    if (result.error) setError(result.error);
    if (result.done) card.current?.focus();
  };

  const handleCounter = async (value: number) => {
    setError(null);
    try {
      await answer.mutateAsync({ id: request._id, offerId: offer._id, action: 'counter', amount: value });
      setCountering(false);
      void showSuccess(`Your counter-offer of ${formatPrice(value)} was sent`);
      card.current?.focus();
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    }
  };

  return (
    <article
      ref={card}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="w-full max-w-sm rounded-box border-2 border-secondary bg-base-100 p-3 text-base-content shadow-sm outline-none focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div className="flex items-start justify-between gap-2">
        <p id={titleId} className="text-sm font-semibold">
          {title}
        </p>
        <OfferStatusBadge status={offer.status} />
      </div>
      <p className="mt-1 text-2xl font-bold tabular-nums">{amount}</p>
      <p className="text-xs">Listed price: {formatPrice(request.price)}</p>
      {isOpen ? (
        <p className="mt-2 text-sm">
          This offer{' '}
          <time dateTime={offer.expiresAt} title={formatDateTime(offer.expiresAt)}>
            {formatTimeLeft(offer.expiresAt, now)}
          </time>
          {isMine && `. Waiting for ${other}'s answer.`}
        </p>
      ) : (
        offer.answeredAt && (
          <p className="mt-2 text-xs">
            {ANSWERED[offer.status]} <time dateTime={offer.answeredAt}>{formatDateTime(offer.answeredAt)}</time>
          </p>
        )
      )}
      {error && (
        <div className="mt-2">
          <FormAlert message={error} />
        </div>
      )}
      {canAnswer && (
        <>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-success"
              onClick={() => void handleDecision('accept')}
              disabled={answer.isPending}
              aria-label={`Accept ${title} of ${amount}`}
            >
              Accept
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error"
              onClick={() => void handleDecision('decline')}
              disabled={answer.isPending}
              aria-label={`Decline ${title} of ${amount}`}
            >
              Decline
            </button>
            {canCounter && (
            <button
              ref={counterButton}
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => setCountering((value) => !value)}
              disabled={answer.isPending}
              aria-expanded={isCountering}
              aria-label={`Counter ${title} of ${amount}`}
            >
              Counter
            </button>
            )}
          </div>
          {isCountering && canCounter && (
            <OfferAmountForm
              label="Your counter-offer"
              submitLabel="Send counter-offer"
              listedPrice={request.price}
              check={checkCounter}
              onSubmit={handleCounter}
              onCancel={() => {
                setCountering(false);
                counterButton.current?.focus();
              }}
            />
          )}
        </>
      )}
    </article>
  );
}
