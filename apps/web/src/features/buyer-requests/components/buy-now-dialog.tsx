import { zodResolver } from '@hookform/resolvers/zod';
import { CreateBuyerRequestBody, type Product, type SessionUser } from '@olden/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Field, FormAlert } from '@/components/form-field';
import { paths } from '@/config/paths';
import { errorMessage, hasCode } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { showSuccess } from '@/lib/popups';
import { useCreateBuyerRequest } from '../api/create-buyer-request';
import { useMakeOffer } from '../api/make-offer';
import { readOfferAmount } from '../lib/offer-amount';

const BuyForm = CreateBuyerRequestBody.pick({ phoneNumber: true, buyerAddress: true });

/** The request's fields, and with an offer its amount, checked as the server checks it and below the listed price. */
const requestForm = (offerBelow: number | null) =>
  BuyForm.extend({
    amount: z.string().superRefine((text, ctx) => {
      if (offerBelow === null) return;
      const read = readOfferAmount(text, offerBelow);
      if ('problem' in read) ctx.addIssue({ code: 'custom', message: read.problem });
    }),
  });

interface Props {
  product: Product;
  user: SessionUser;
  isOpen: boolean;
  onClose: () => void;
  /** "Make an offer" (docs/product.md#offers): the same request, then an offer on it. */
  withOffer?: boolean;
}

/** The request was sent, its offer was not: the server's reason, and where the request is now. */
interface OfferRefusal {
  requestId: string;
  reason: string;
}

/**
 * docs/product.md#buy-now: the Buy Now modal 'Please Full-fill the form' (native <dialog>: focus trap and ESC for free).
 * With an offer it asks its amount too, sends the request, then the offer on it.
 */
export function BuyNowDialog({ product, user, isOpen, onClose, withOffer = false }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<OfferRefusal | null>(null);
  const mutation = useCreateBuyerRequest();
  const makeOffer = useMakeOffer();
  const schema = useMemo(() => requestForm(withOffer ? product.price : null), [withOffer, product.price]);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { phoneNumber: '', buyerAddress: '', amount: '' } });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      // The dialog would focus the read-only name; start where the buyer has something to fill.
      setFocus(withOffer ? 'amount' : 'phoneNumber');
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen, setFocus, withOffer]);

  // A request sent with a refused offer is in the cart now: the next opening starts afresh.
  const close = () => {
    setRefusal(null);
    onClose();
  };

  const finish = (text?: string) => {
    reset();
    close();
    const title = `${product.name} added to the cart`;
    void (text ? showSuccess(title, text) : showSuccess(title));
  };

  const onSubmit = handleSubmit(async ({ amount: amountText, ...values }) => {
    setFormError(null);
    // After a refused offer the request exists already: only the offer is sent again.
    let requestId = refusal?.requestId;
    if (!requestId) {
      try {
        ({ insertedId: requestId } = await mutation.mutateAsync({ productId: product._id, ...values }));
      } catch (err) {
        if (hasCode(err, 'ALREADY_REQUESTED')) {
          setFormError('You have already requested this product. You can find it in My Cart.');
        } else if (hasCode(err, 'LISTING_UNAVAILABLE')) {
          setFormError("This listing is no longer available: someone's purchase is in progress, or it is sold.");
        } else if (hasCode(err, 'OWN_LISTING')) {
          setFormError('This is your own product, so you cannot buy it.');
        } else {
          setFormError(errorMessage(err));
        }
        return;
      }
    }
    const read = withOffer ? readOfferAmount(amountText, product.price) : null;
    if (!read || !('amount' in read)) {
      finish();
      return;
    }
    setRefusal(null);
    try {
      await makeOffer.mutateAsync({ id: requestId, amount: read.amount });
      finish(`Your offer of ${formatPrice(read.amount)} is with the seller.`);
    } catch (err) {
      setRefusal({ requestId, reason: errorMessage(err) });
      setFocus('amount');
    }
  });

  const isSent = refusal !== null;
  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={close}>
      <div className="modal-box">
        <h2 id={titleId} className="font-serif text-2xl font-bold">Please Full-fill the form</h2>
        <p className="mt-1 text-sm text-base-content/70">
          {withOffer ? (
            <>
              Your offer on <strong>{product.name}</strong> goes to the seller with your request. They can accept, decline or
              counter it, and will contact you to arrange payment and handover.
            </>
          ) : (
            <>
              The seller of <strong>{product.name}</strong> will contact you to arrange payment and handover.
            </>
          )}
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          <FormAlert message={formError} />
          {refusal && (
            <div role="alert" className="alert alert-warning alert-soft flex-col items-start text-sm text-base-content">
              <p>
                <strong>Your offer was not sent:</strong> {refusal.reason}
              </p>
              <p>
                Your request was still sent at the listed price of {formatPrice(product.price)}, and it is in My Cart. Change
                your offer and press Submit to try again, or make an offer later from the request&apos;s conversation.
              </p>
              <Link to={paths.dashboard.requestThread.getHref(refusal.requestId)} className="link">
                Open the conversation
              </Link>
            </div>
          )}
          {withOffer && (
            <Field label="Your offer" error={errors.amount?.message} keepHint hint={`Listed price: ${formatPrice(product.price)}. Offer less than that.`}>
              {({ id, describedBy, invalid }) => (
                <input id={id} inputMode="decimal" autoComplete="off" required className="input w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('amount')} />
              )}
            </Field>
          )}
          <Field label="Name">
            {({ id }) => <input id={id} className="input w-full" value={user.displayName} readOnly />}
          </Field>
          <Field label="Email">
            {({ id }) => <input id={id} type="email" className="input w-full" value={user.email} readOnly />}
          </Field>
          <Field label="Phone Number" error={errors.phoneNumber?.message}>
            {({ id, describedBy, invalid }) => (
              <input id={id} type="tel" autoComplete="tel" required readOnly={isSent} className="input w-full" placeholder="+1 555 123 4567" aria-invalid={invalid} aria-describedby={describedBy} {...register('phoneNumber')} />
            )}
          </Field>
          <Field label="Address" error={errors.buyerAddress?.message}>
            {({ id, describedBy, invalid }) => (
              <textarea id={id} autoComplete="street-address" required readOnly={isSent} rows={3} className="textarea w-full" placeholder="Street, city, postcode" aria-invalid={invalid} aria-describedby={describedBy} {...register('buyerAddress')} />
            )}
          </Field>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={close}>Cancel</button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Submit
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close" tabIndex={-1}>close</button>
      </form>
    </dialog>
  );
}
