import { zodResolver } from '@hookform/resolvers/zod';
import { CreateBuyerRequestBody, type Product, type SessionUser } from '@olden/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, FormAlert } from '@/components/form-field';
import { errorMessage, hasCode } from '@/lib/api-client';
import { showSuccess } from '@/lib/popups';
import { useCreateBuyerRequest } from '../api/create-buyer-request';

const BuyForm = CreateBuyerRequestBody.pick({ phoneNumber: true, buyerAddress: true });

interface Props {
  product: Product;
  user: SessionUser;
  isOpen: boolean;
  onClose: () => void;
}

/** docs/product.md#buy-now: the Buy Now modal 'Please Full-fill the form' (native <dialog>: focus trap and ESC for free). */
export function BuyNowDialog({ product, user, isOpen, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useCreateBuyerRequest();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(BuyForm), defaultValues: { phoneNumber: '', buyerAddress: '' } });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      // The dialog would focus the read-only name; start where the buyer has something to fill.
      setFocus('phoneNumber');
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ productId: product._id, ...values });
      reset();
      onClose();
      void showSuccess(`${product.name} added to the cart`);
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
    }
  });

  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="font-serif text-2xl font-bold">Please Full-fill the form</h2>
        <p className="mt-1 text-sm text-base-content/70">
          The seller of <strong>{product.name}</strong> will contact you to arrange payment and handover.
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          <FormAlert message={formError} />
          <Field label="Name">
            {({ id }) => <input id={id} className="input w-full" value={user.displayName} readOnly />}
          </Field>
          <Field label="Email">
            {({ id }) => <input id={id} type="email" className="input w-full" value={user.email} readOnly />}
          </Field>
          <Field label="Phone Number" error={errors.phoneNumber?.message}>
            {({ id, describedBy, invalid }) => (
              <input id={id} type="tel" autoComplete="tel" required className="input w-full" placeholder="+1 555 123 4567" aria-invalid={invalid} aria-describedby={describedBy} {...register('phoneNumber')} />
            )}
          </Field>
          <Field label="Address" error={errors.buyerAddress?.message}>
            {({ id, describedBy, invalid }) => (
              <textarea id={id} autoComplete="street-address" required rows={3} className="textarea w-full" placeholder="Street, city, postcode" aria-invalid={invalid} aria-describedby={describedBy} {...register('buyerAddress')} />
            )}
          </Field>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
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
