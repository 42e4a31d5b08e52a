import type { BuyerProduct, Offer } from '@olden/contracts';
import { OFFERS_PER_REQUEST } from '@olden/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { showSuccess } from '@/lib/popups';
import { useMakeOffer } from '../api/make-offer';
import { OfferAmountForm } from './offer-amount-form';

/**
 * The buyer's "Make an offer" in a Pending request's thread (docs/product.md#offers): a new offer once none is open,
 * until the request's limit. The seller answers offers on their cards instead.
 */
export function MakeOfferPanel({ request, offers }: { request: BuyerProduct; offers: Offer[] }) {
  const makeOffer = useMakeOffer();
  const button = useRef<HTMLButtonElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The button goes once the offer is open: its note takes the focus as soon as it shows.
  const [isNoteDue, setNoteDue] = useState(false);
  const madeByBuyer = offers.filter((offer) => offer.by === 'buyer').length;
  const openOffer = offers.find((offer) => offer.status === 'open');

  useEffect(() => {
    if (!isNoteDue || !note.current) return;
    note.current.focus();
    setNoteDue(false);
  }, [isNoteDue, openOffer]);

  if (request.status !== 'Pending') return null;

  const send = async (amount: number) => {
    setError(null);
    try {
      await makeOffer.mutateAsync({ id: request._id, amount });
      setOpen(false);
      void showSuccess(`Your offer of ${formatPrice(amount)} was sent`);
      setNoteDue(true);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    }
  };

  let body: string | undefined;
  if (openOffer) {
    body = openOffer.by === 'buyer' ? `${request.uploaderName} has your offer. You can make a new one once it is answered.` : `Answer ${request.uploaderName}'s counter-offer above.`;
  } else if (madeByBuyer >= OFFERS_PER_REQUEST) {
    body = `You have made ${OFFERS_PER_REQUEST} offers on this request, the most it takes. You can still buy at the listed price.`;
  }

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <FormAlert message={error} />
      {body ? (
        <p ref={note} tabIndex={-1} className="text-sm outline-none">
          {body}
        </p>
      ) : isOpen ? (
        <OfferAmountForm
          label="Your offer"
          submitLabel="Send offer"
          listedPrice={request.price}
          onSubmit={send}
          onCancel={() => {
            setOpen(false);
            setError(null);
            button.current?.focus();
          }}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button ref={button} type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
            Make an offer
          </button>
          <p className="text-sm">Offer less than {formatPrice(request.price)}; {request.uploaderName} can accept, decline or counter it.</p>
        </div>
      )}
    </div>
  );
}
